-- wrk script: GET with the bearer token from REVREC_TOKEN (default: the sandbox token).
local token = os.getenv("REVREC_TOKEN") or "rr_test_sandbox"
wrk.headers["Authorization"] = "Bearer " .. token
