-- wrk script: ingest.lua's contracts, each sent with an Idempotency-Key of its own (what an
-- agent that retries sends). Keys are unique per run (RUN, a number load.sh passes), per
-- wrk thread and per request.
dofile("scripts/wrk/ingest.lua")
local run = os.getenv("RUN") or "0"
local counter = 0
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

request = function()
  counter = counter + 1
  local key = string.format("load-%s-%d-%d", run, thread_number, counter)
  return wrk.format("POST", "/v1/contracts", ingest_headers({ ["Idempotency-Key"] = key }),
    contract_body(counter))
end
