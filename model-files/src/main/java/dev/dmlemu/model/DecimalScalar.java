package dev.dmlemu.model;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * A finite initial value, exactly as written (scale included). {@code BigDecimal} has no negative zero, so the sign
 * of a negative zero is kept beside it: float resources then hold -0.0, integer ones 0.
 *
 * <p>Which zeros are negative follows DxDispatch's JSON parser (docs/directml-behaviour.md §9.1): {@code -0.0} and
 * {@code -0e0} are the double -0.0, while {@code -0}, an integer, is the integer 0 and so +0.0 in a float resource.
 * {@link #ofJson} applies that rule to a number as written.
 *
 * @param value the decimal; a negative zero of scale 0 is held at scale 1 ({@code 0.0}), so that it is written
 *     {@code -0.0} and reads back as the same negative zero
 * @param negativeZero whether the value is the float -0.0 (only possible when value is zero)
 */
public record DecimalScalar(BigDecimal value, boolean negativeZero) implements Scalar {

    public DecimalScalar {
        Objects.requireNonNull(value, "value");
        if (negativeZero && value.signum() != 0) {
            throw new IllegalArgumentException("negativeZero needs a zero value, not " + value);
        }
        if (negativeZero && value.scale() == 0) {
            value = value.setScale(1);
        }
    }

    public DecimalScalar(BigDecimal value) {
        this(value, false);
    }

    /**
     * The value of the JSON number {@code text}: a negative zero only when it is written with a minus sign and a
     * fraction or an exponent, as RapidJSON parses it ({@code -0} is its integer 0).
     */
    public static DecimalScalar ofJson(String text) {
        return ofJson(new BigDecimal(text), text);
    }

    /** As {@link #ofJson(String)}, with {@code value} already parsed from {@code text}. */
    static DecimalScalar ofJson(BigDecimal value, String text) {
        return new DecimalScalar(value, value.signum() == 0 && text.startsWith("-") && !isJsonInteger(text));
    }

    /** Whether a JSON number is written without a fraction and an exponent, the form RapidJSON keeps as an integer. */
    static boolean isJsonInteger(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '.' || c == 'e' || c == 'E') {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return (negativeZero ? "-" : "") + value;
    }
}
