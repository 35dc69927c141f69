# Hand-written (kept by .openapi-generator-ignore): what templates/revrec.patch and the
# hand-written files promise, through the generated API with Typhoeus's own stubs (minitest,
# which Ruby ships).
#
#   ruby -Ilib test/client_test.rb        # or with the gem installed: ruby test/client_test.rb

require 'minitest/autorun'
require 'json'
require 'revrec_client'

class RevrecClientTest < Minitest::Test
  BASE = 'http://revrec.test'.freeze
  CONTRACT = <<~JSON.freeze
    {"id":"ctr_1","version":1,"status":"active","currency":"USD","customer_id":"cus_1",
     "customer_name":"Acme","start_date":"2026-01-01","end_date":"2026-12-31",
     "created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z",
     "total_value":90071992547409.93,
     "performance_obligations":[{"id":"pob_1","name":"Platform","pob_type":"subscription",
       "allocated_amount":1000.10,"standalone_selling_price":12500,"stated_price":null,
       "recognition":"ratable","timing":"over_time","in_force":true}]}
  JSON

  def setup
    Typhoeus::Expectation.clear
    config = RevrecClient::Configuration.new
    config.host = 'revrec.test'
    config.access_token = 'rr_test_sandbox'
    @api = RevrecClient::PrimaryApi.new(RevrecClient::ApiClient.new(config))
    @input = RevrecClient::ContractInput.new(customer_name: 'Acme', total_value: BigDecimal('1000.10'),
                                             start_date: Date.new(2026, 1, 1), end_date: Date.new(2026, 12, 31))
  end

  def stub(code, body, content_type)
    requests = []
    Typhoeus.stub("#{BASE}/v1/contracts") do |request|
      requests << request
      Typhoeus::Response.new(code: code, body: body, headers: { 'Content-Type' => content_type })
    end
    requests
  end

  # Through a Float, 90071992547409.93 reads as ...409.94 and 1000.10 loses its cent's zero.
  def test_amounts_are_exact_big_decimals_both_ways
    requests = stub(201, CONTRACT, 'application/json')
    contract = @api.ingest_contract(@input, idempotency_key: 'k-1')
    assert_equal BigDecimal('90071992547409.93'), contract.total_value
    assert_instance_of BigDecimal, contract.total_value
    pob = contract.performance_obligations.first
    assert_equal BigDecimal('1000.10'), pob.allocated_amount
    assert_instance_of BigDecimal, pob.standalone_selling_price
    assert_nil pob.stated_price
    assert_equal '90071992548410.03', RevrecClient::Amounts.format(contract.total_value + pob.allocated_amount, 'USD')
    sent = JSON.parse(requests.first.options[:body])
    assert_equal '1000.1', sent['total_value'], 'a BigDecimal goes out as a plain decimal string'
    headers = requests.first.options[:headers].transform_keys(&:to_s)
    assert_equal 'k-1', headers['Idempotency-Key']
  end

  def test_a_problem_raises_problem_error
    stub(422, JSON.generate(type: 'https://x/errors/validation-failed', title: 'Validation failed', status: 422,
                            detail: 'd', instance: '/v1/contracts', code: 'VALIDATION_FAILED',
                            message: 'total_value has 3 decimals', hint: 'round it', request_id: 'req_1',
                            errors: [{ field: 'total_value', message: 'at most 2 decimals' }]),
         'application/problem+json')
    error = assert_raises(RevrecClient::ProblemError) { @api.ingest_contract(@input) }
    assert_kind_of RevrecClient::ApiError, error
    assert_equal [422, 'VALIDATION_FAILED', 'total_value has 3 decimals', 'round it', 'req_1'],
                 [error.status, error.code, error.message, error.hint, error.request_id]
    assert_equal ['total_value'], error.errors.map(&:field)
  end

  def test_an_answer_that_is_no_problem_is_a_plain_api_error
    stub(502, '<html>bad gateway</html>', 'text/html')
    error = assert_raises(RevrecClient::ApiError) { @api.ingest_contract(@input) }
    refute_kind_of RevrecClient::ProblemError, error
    assert_equal 502, error.code
  end

  def test_amounts_format_with_the_currency_decimals
    assert_equal '1000.00', RevrecClient::Amounts.format(BigDecimal('1000'), 'USD')
    assert_equal '12500', RevrecClient::Amounts.format(BigDecimal('12500'), 'JPY')
    assert_equal '-1.250', RevrecClient::Amounts.format(BigDecimal('-1.25'), 'BHD')
    assert_equal '0.125', RevrecClient::Amounts.format(BigDecimal('0.125'), 'USD'), 'never rounds'
  end
end
