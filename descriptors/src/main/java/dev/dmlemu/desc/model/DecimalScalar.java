package dev.dmlemu.desc.model;

import java.math.BigDecimal;
import java.util.Objects;

/** A finite initial value, exactly as written (scale included). Negative zero is not representable. */
public record DecimalScalar(BigDecimal value) implements Scalar {

    public DecimalScalar {
        Objects.requireNonNull(value, "value");
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
