// Hand-written (kept by .openapi-generator-ignore): the types generate.sh maps amounts to.

package revrec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
)

// Decimal is an amount exactly as the server wrote it ("1000.00", "12500", "1.250"). It is
// json.Number, so it keeps the text: no float64 ever holds a cent. Add amounts with
// DecimalRat (math/big), never with strconv.ParseFloat.
type Decimal = json.Number

// DecimalInput is an amount sent to the server: a JSON number in the text you give it
// ("1000.00"). The document also allows a decimal string; a number is always accepted.
type DecimalInput = json.Number

// DecimalRat reads an amount as an exact rational number.
func DecimalRat(d Decimal) (*big.Rat, error) {
	r, ok := new(big.Rat).SetString(string(d))
	if !ok {
		return nil, fmt.Errorf("revrec: %q is not a decimal amount", string(d))
	}
	return r, nil
}

// SumDecimals adds amounts exactly.
func SumDecimals(amounts ...Decimal) (*big.Rat, error) {
	total := new(big.Rat)
	for _, amount := range amounts {
		r, err := DecimalRat(amount)
		if err != nil {
			return nil, err
		}
		total.Add(total, r)
	}
	return total, nil
}

// NullableDecimal is an amount that may be null or absent, like the generator's Nullable
// types (it names them after the mapped type, so this one is written by hand).
type NullableDecimal struct {
	value *Decimal
	isSet bool
}

// NullableDecimalInput is the same for amounts sent.
type NullableDecimalInput = NullableDecimal

func (v NullableDecimal) Get() *Decimal { return v.value }

func (v *NullableDecimal) Set(val *Decimal) {
	v.value = val
	v.isSet = true
}

func (v NullableDecimal) IsSet() bool { return v.isSet }

func (v *NullableDecimal) Unset() {
	v.value = nil
	v.isSet = false
}

func NewNullableDecimal(val *Decimal) *NullableDecimal {
	return &NullableDecimal{value: val, isSet: true}
}

func (v NullableDecimal) MarshalJSON() ([]byte, error) { return json.Marshal(v.value) }

func (v *NullableDecimal) UnmarshalJSON(src []byte) error {
	v.isSet = true
	return json.Unmarshal(src, &v.value)
}

// unmarshalExact is json.Unmarshal, except that a number decoded into an interface{} (a
// batch result's body, a field a newer server added, kept in AdditionalProperties) stays a
// json.Number instead of becoming a float64. generate.sh routes every json.Unmarshal of the
// generated code through it.
func unmarshalExact(data []byte, v interface{}) error {
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	if err := decoder.Decode(v); err != nil {
		return err
	}
	// json.Unmarshal refuses anything after the value; so does this.
	if _, err := decoder.Token(); !errors.Is(err, io.EOF) {
		return errors.New("revrec: unexpected data after the JSON value")
	}
	return nil
}
