package dev.dmlemu.model;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * A finite initial value, exactly as written (scale included). {@code BigDecimal} has no negative zero, so the sign
 * of a written {@code -0} / {@code -0.0} is kept beside it: float resources then hold -0.0, integer ones 0.
 *
 * @param value the decimal
 * @param negativeZero whether the value is a zero written with a minus sign (only possible when value is zero)
 */
public record DecimalScalar(BigDecimal value, boolean negativeZero) implements Scalar {

    public DecimalScalar {
        Objects.requireNonNull(value, "value");
        if (negativeZero && value.signum() != 0) {
            throw new IllegalArgumentException("negativeZero needs a zero value, not " + value);
        }
    }

    public DecimalScalar(BigDecimal value) {
        this(value, false);
    }

    @Override
    public String toString() {
        return (negativeZero ? "-" : "") + value;
    }
}
