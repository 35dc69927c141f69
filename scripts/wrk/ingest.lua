-- wrk script: POST a different two-line contract on every request (HTTP ingest rate).
-- The bearer token comes from the REVREC_TOKEN environment variable.
local token = os.getenv("REVREC_TOKEN") or "rr_test_sandbox"
local counter = 0

-- The body of the `n`th contract (also what ingest_keyed.lua sends).
function contract_body(n)
  local day = (n % 28) + 1
  return string.format(
    '{"customer_name":"Load Customer %d","contract_number":"LOAD-%d","total_value":"%d.00",' ..
    '"start_date":"2026-01-%02d","end_date":"2027-12-31","line_items":[' ..
    '{"name":"Platform","pob_type":"subscription","stated_price":%d},' ..
    '{"name":"Setup","pob_type":"services","stated_price":"1500.00","delivery_date":"2026-02-01"}]}',
    n % 1000, n, 20000 + n % 5000, day, 19000 + n % 5000)
end

-- The request headers, with `extra` added.
function ingest_headers(extra)
  local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }
  for name, value in pairs(extra or {}) do
    headers[name] = value
  end
  return headers
end

request = function()
  counter = counter + 1
  return wrk.format("POST", "/v1/contracts", ingest_headers(), contract_body(counter))
end
