// Hand-written (kept by .openapi-generator-ignore): problem responses as a typed error.

package revrec

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Problem is an RFC 9457 problem answer (4xx, 5xx) from revrec. Every error an operation
// returns for such an answer wraps one, so
//
//	var problem *revrec.Problem
//	if errors.As(err, &problem) && problem.Code == "VALIDATION_FAILED" { ... }
//
// Code is stable and is what a program should branch on; Message is for people.
type Problem struct {
	Status    int
	Code      string
	Message   string
	Hint      string
	Errors    []FieldProblem
	RequestID string
	// Body is the whole problem as decoded.
	Body ProblemBody
}

func (p *Problem) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "revrec: %d %s: %s", p.Status, p.Code, p.Message)
	for _, field := range p.Errors {
		fmt.Fprintf(&b, "; %s: %s", field.GetField(), field.GetMessage())
	}
	if p.Hint != "" {
		fmt.Fprintf(&b, " (hint: %s)", p.Hint)
	}
	return b.String()
}

// Unwrap gives errors.As and errors.Is the Problem inside a generated error: the decoded
// ProblemBody when the operation declares that status, else the body if it is a problem.
func (e GenericOpenAPIError) Unwrap() error {
	switch model := e.model.(type) {
	case ProblemBody:
		return problemFrom(model)
	case *ProblemBody:
		return problemFrom(*model)
	}
	var body ProblemBody
	// An undeclared status: the body still says whether it is a problem (it has a code).
	if json.Unmarshal(e.body, &body) == nil && body.Code != "" {
		return problemFrom(body)
	}
	return nil
}

func problemFrom(body ProblemBody) *Problem {
	message := body.Message
	if message == "" {
		message = body.Detail
	}
	return &Problem{
		Status:    int(body.Status),
		Code:      body.Code,
		Message:   message,
		Hint:      body.GetHint(),
		Errors:    body.Errors,
		RequestID: body.GetRequestId(),
		Body:      body,
	}
}
