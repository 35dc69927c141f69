# Hand-written (kept by .openapi-generator-ignore): writing amounts the way revrec writes them.

require 'bigdecimal'

module RevrecClient
  # Amounts arrive as BigDecimal, which drops trailing zeros ("1000.00" reads as 0.1e4).
  # `Amounts.format(amount, "USD")` writes one back with the currency's decimals, as revrec
  # sent it ("1000.00", "12500" for JPY, "1.250" for BHD), without rounding: an amount with
  # more decimals than its currency has is shown in full.
  module Amounts
    # ISO 4217 minor units other than 2, as revrec's currency table has them.
    MINOR_UNITS = {
      'BHD' => 3, 'BIF' => 0, 'CLF' => 4, 'CLP' => 0, 'DJF' => 0, 'GNF' => 0, 'IQD' => 3,
      'ISK' => 0, 'JOD' => 3, 'JPY' => 0, 'KMF' => 0, 'KRW' => 0, 'KWD' => 3, 'LYD' => 3,
      'OMR' => 3, 'PYG' => 0, 'RWF' => 0, 'TND' => 3, 'UGX' => 0, 'UYI' => 0, 'UYW' => 4,
      'VND' => 0, 'VUV' => 0, 'XAF' => 0, 'XOF' => 0, 'XPF' => 0
    }.freeze

    def self.minor_units(currency)
      MINOR_UNITS.fetch(currency.to_s.upcase, 2)
    end

    def self.format(amount, currency)
      amount = BigDecimal(amount.to_s) unless amount.is_a?(BigDecimal)
      digits = minor_units(currency)
      sign = amount.negative? ? '-' : ''
      whole, fraction = amount.abs.to_s('F').split('.')
      fraction = fraction.sub(/0+\z/, '')
      fraction = fraction.ljust(digits, '0')
      fraction.empty? ? "#{sign}#{whole}" : "#{sign}#{whole}.#{fraction}"
    end
  end
end
