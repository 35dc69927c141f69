# Hand-written (kept by .openapi-generator-ignore): problem answers as a typed exception.

require 'json'

module RevrecClient
  # An RFC 9457 problem answer (4xx, 5xx) from revrec. Every operation raises it for such an
  # answer; it is an ApiError, so `rescue RevrecClient::ApiError` still catches it.
  #
  #   rescue RevrecClient::ProblemError => e
  #     e.code    # "VALIDATION_FAILED": stable, what a program branches on
  #     e.message # for people; e.hint: a next step; e.errors: [FieldProblem] of a 422
  #     e.status  # the HTTP status (ApiError#code was the status; here code is the problem's)
  class ProblemError < ApiError
    attr_reader :status, :code, :hint, :errors, :request_id, :problem

    # The error for a failed answer, or nil when its body is not a problem.
    def self.from_response(status, headers, body)
      return nil if body.nil? || body.empty?
      content_type = headers && (headers['Content-Type'] || headers['content-type']).to_s
      data = begin
        JSON.parse(body, symbolize_names: true, decimal_class: BigDecimal)
      rescue JSON::ParserError
        return nil
      end
      # A problem has a code; the content type is application/problem+json when served by revrec.
      return nil unless data.is_a?(Hash) && data[:code].is_a?(String)
      return nil unless content_type.nil? || content_type.empty? || content_type.include?('json')

      new(ProblemBody.build_from_hash(data), status, headers, body)
    end

    def initialize(problem, status, headers = nil, body = nil)
      @problem = problem
      @status = status
      @code = problem.code
      @hint = problem.hint
      @errors = problem.errors || []
      @request_id = problem.request_id
      @response_headers = headers
      @response_body = body
      @message = problem.message || problem.detail
      super(@message)
    end

    def message
      @message
    end

    def to_s
      text = "#{status} #{code}: #{message}"
      errors.each { |field| text += "; #{field.field}: #{field.message}" }
      text += " (hint: #{hint})" if hint
      text
    end
  end
end
