// Hand-written (kept by .openapi-generator-ignore): what generate.sh's mappings and the
// hand-written files promise, against a fake server (go test, standard library only).

package revrec

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func fakeServer(t *testing.T, handler http.HandlerFunc) *PrimaryAPIService {
	t.Helper()
	server := httptest.NewServer(handler)
	t.Cleanup(server.Close)
	cfg := NewConfiguration()
	cfg.Servers = ServerConfigurations{{URL: server.URL}}
	return NewAPIClient(cfg).PrimaryAPI
}

const contractJSON = `{"id":"ctr_1","version":1,"status":"active","currency":"USD",
 "customer_id":"cus_1","customer_name":"Acme","start_date":"2026-01-01","end_date":"2026-12-31",
 "created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z",
 "total_value":90071992547409.93,
 "performance_obligations":[{"id":"pob_1","name":"Platform","pob_type":"subscription",
   "allocated_amount":1000.10,"standalone_selling_price":1000.00,"stated_price":null,
   "percent_complete":40.5,"recognition":"ratable","timing":"over_time","in_force":true}],
 "added_by_a_newer_server":1}`

// A float64 would read 90071992547409.93 as ...409.94 and 1000.10 as 1000.1.
func TestAmountsKeepTheServersText(t *testing.T) {
	var sent map[string]json.RawMessage
	var key string
	api := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &sent); err != nil {
			t.Errorf("request body %s: %v", body, err)
		}
		key = r.Header.Get("Idempotency-Key")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, contractJSON)
	})
	in := NewContractInput("Acme", "2026-12-31", "2026-01-01", "1000.10")
	contract, _, err := api.IngestContract(context.Background()).ContractInput(*in).IdempotencyKey("k-1").Execute()
	if err != nil {
		t.Fatal(err)
	}
	if got := string(sent["total_value"]); got != "1000.10" {
		t.Errorf("sent total_value %s, want the number 1000.10", got)
	}
	if key != "k-1" {
		t.Errorf("Idempotency-Key %q", key)
	}
	if contract.TotalValue != "90071992547409.93" {
		t.Errorf("total_value %q", contract.TotalValue)
	}
	pob := contract.PerformanceObligations[0]
	if pob.AllocatedAmount != "1000.10" || pob.StandaloneSellingPrice != "1000.00" {
		t.Errorf("amounts %q %q", pob.AllocatedAmount, pob.StandaloneSellingPrice)
	}
	if !pob.StatedPrice.IsSet() || pob.StatedPrice.Get() != nil {
		t.Errorf("stated_price null: set %v value %v", pob.StatedPrice.IsSet(), pob.StatedPrice.Get())
	}
	if pob.GetPercentComplete() != "40.5" {
		t.Errorf("percent_complete %q", pob.GetPercentComplete())
	}
	sum, err := SumDecimals(pob.AllocatedAmount, contract.TotalValue)
	if err != nil || sum.FloatString(2) != "90071992548410.03" {
		t.Errorf("sum %v %v", sum, err)
	}
	if _, err := DecimalRat("12,00"); err == nil {
		t.Error("DecimalRat took 12,00")
	}
}

func TestProblemIsAnErrorsAsTarget(t *testing.T) {
	api := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(http.StatusUnprocessableEntity)
		io.WriteString(w, `{"type":"https://x/errors/validation-failed","title":"Validation failed","status":422,
		 "detail":"d","instance":"/v1/contracts","code":"VALIDATION_FAILED","message":"total_value has 3 decimals",
		 "hint":"round it","errors":[{"field":"total_value","message":"at most 2 decimals"}],"request_id":"req_1"}`)
	})
	in := NewContractInput("Acme", "2026-12-31", "2026-01-01", "100.001")
	_, _, err := api.IngestContract(context.Background()).ContractInput(*in).Execute()
	var problem *Problem
	if !errors.As(err, &problem) {
		t.Fatalf("errors.As found no *Problem in %#v", err)
	}
	if problem.Status != 422 || problem.Code != "VALIDATION_FAILED" || problem.Message != "total_value has 3 decimals" ||
		problem.Hint != "round it" || problem.RequestID != "req_1" || len(problem.Errors) != 1 ||
		problem.Errors[0].Field != "total_value" {
		t.Errorf("problem %+v", problem)
	}
	if !strings.Contains(problem.Error(), "VALIDATION_FAILED") {
		t.Errorf("Error() %q", problem.Error())
	}
}

func TestAnAnswerThatIsNoProblemIsNoProblem(t *testing.T) {
	api := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusBadGateway)
		io.WriteString(w, "<html>bad gateway</html>")
	})
	_, _, err := api.GetContract(context.Background(), "ctr_1").Execute()
	var problem *Problem
	if err == nil || errors.As(err, &problem) {
		t.Fatalf("err %v, problem %v", err, problem)
	}
}

// A batch result's body has no schema, so it decodes into map[string]interface{}: its
// numbers must stay json.Number there too (json.Unmarshal would make them float64), as must
// a field a newer server added.
func TestBatchBodiesKeepTheServersText(t *testing.T) {
	api := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"results":[{"status":201,"body":{"id":"ctr_1","total_value":90071992547409.93,
		  "lines":[{"amount":1000.10}]}}],"added_by_a_newer_server":0.10}`)
	})
	operation := NewBatchOperation(BATCHMETHOD_GET, "/contracts")
	answer, _, err := api.ExecuteBatch(context.Background()).
		BatchRequest(*NewBatchRequest([]BatchOperation{*operation})).Execute()
	if err != nil {
		t.Fatal(err)
	}
	body := answer.Results[0].Body
	if got, ok := body["total_value"].(json.Number); !ok || got != "90071992547409.93" {
		t.Errorf("total_value %#v", body["total_value"])
	}
	lines, _ := body["lines"].([]interface{})
	if len(lines) != 1 {
		t.Fatalf("lines %#v", body["lines"])
	}
	if got, ok := lines[0].(map[string]interface{})["amount"].(json.Number); !ok || got != "1000.10" {
		t.Errorf("nested amount %#v", lines[0])
	}
	if got, ok := answer.AdditionalProperties["added_by_a_newer_server"].(json.Number); !ok || got != "0.10" {
		t.Errorf("additional property %#v", answer.AdditionalProperties["added_by_a_newer_server"])
	}
}
