-- wrk script: POST a different two-line contract on every request (HTTP ingest rate).
-- The bearer token comes from the REVREC_TOKEN environment variable.
local token = os.getenv("REVREC_TOKEN") or "rr_test_sandbox"
local counter = 0

request = function()
  counter = counter + 1
  local day = (counter % 28) + 1
  local body = string.format(
    '{"customer_name":"Load Customer %d","contract_number":"LOAD-%d","total_value":"%d.00",' ..
    '"start_date":"2026-01-%02d","end_date":"2027-12-31","line_items":[' ..
    '{"name":"Platform","pob_type":"subscription","stated_price":%d},' ..
    '{"name":"Setup","pob_type":"services","stated_price":"1500.00","delivery_date":"2026-02-01"}]}',
    counter % 1000, counter, 20000 + counter % 5000, day, 19000 + counter % 5000)
  return wrk.format("POST", "/v1/contracts",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }, body)
end
