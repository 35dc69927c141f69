-- wrk script for the soak: a mix of reads, writes and reports, and a count of 5xx answers.
--   80 % reads   GET /v1/contracts/{id} or its waterfall, ids from REVREC_IDS (one per line)
--    5 % writes  POST /v1/contracts, a different contract each time
--   10 %         GET /v1/waterfalls (the portfolio)
--    5 %         GET /v1/disclosures/note6
-- (a billing system's day: mostly reads; every write also updates the tenant's rollup rows,
-- so writes queue behind one another whatever their share)
-- The bearer token comes from REVREC_TOKEN.
local token = os.getenv("REVREC_TOKEN") or "rr_test_sandbox"
local ids = {}
local counter = 0
-- Global, so that done() can read each thread's count.
server_errors = 0
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  for line in io.lines(os.getenv("REVREC_IDS")) do
    table.insert(ids, line)
  end
  math.randomseed(id * 7919)
end

local function get(path)
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. token })
end

request = function()
  counter = counter + 1
  local pick = math.random(100)
  if pick <= 40 then
    return get("/v1/contracts/" .. ids[math.random(#ids)])
  elseif pick <= 80 then
    return get("/v1/waterfalls?contract_id=" .. ids[math.random(#ids)])
  elseif pick <= 85 then
    local body = string.format(
      '{"customer_name":"Soak Customer %d-%d","contract_number":"SOAK-%d-%d","total_value":"%d.00",' ..
      '"start_date":"2026-01-01","end_date":"2027-12-31","line_items":[' ..
      '{"name":"Platform","pob_type":"subscription","stated_price":%d},' ..
      '{"name":"Setup","pob_type":"services","stated_price":"1500.00","delivery_date":"2026-02-01"}]}',
      id, counter % 1000, id, counter, 20000 + counter % 5000, 19000 + counter % 5000)
    return wrk.format("POST", "/v1/contracts",
      { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }, body)
  elseif pick <= 95 then
    return get("/v1/waterfalls?start_period=2026-01&end_period=2027-12")
  else
    return get("/v1/disclosures/note6?period=2026-Q" .. math.random(4))
  end
end

response = function(status, headers, body)
  if status >= 500 then
    server_errors = server_errors + 1
  end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("server_errors")
  end
  io.write(string.format("5xx: %d\n", total))
end
