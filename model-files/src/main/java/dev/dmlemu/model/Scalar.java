package dev.dmlemu.model;

import java.math.BigDecimal;

/**
 * One initial value as written in a model file: an exact decimal, or one of the float specials DxDispatch spells as
 * the strings {@code "nan"}, {@code "inf"} and {@code "-inf"}. The decimal is kept exactly as written (so
 * {@code 1.0} and {@code 1} are different scalars, as they are different JSON); it is rounded only when the resource's
 * bytes are made.
 */
public sealed interface Scalar permits DecimalScalar, SpecialScalar {

    /** The exact decimal {@code value}. */
    static Scalar of(BigDecimal value) {
        return new DecimalScalar(value);
    }

    /** The integer {@code value}. */
    static Scalar of(long value) {
        return new DecimalScalar(BigDecimal.valueOf(value));
    }

    /**
     * The JSON number spelled {@code text}, e.g. {@code "0.1"}, as a model file's reader takes it: {@code "-0.0"} is
     * the negative zero, {@code "-0"} the integer 0 ({@link DecimalScalar#ofJson}).
     */
    static Scalar of(String text) {
        return DecimalScalar.ofJson(text);
    }
}
