package dev.dmlemu.model;

import dev.dmlemu.desc.Float16;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.function.Predicate;

/**
 * Decimal text for floating-point values: the shortest decimal that reads back to the same value (for JSON), and
 * C++ {@code ostream}'s default 6-significant-digit form (for DxDispatch-style {@code print} lines).
 */
public final class DecimalText {

    private DecimalText() {}

    /**
     * The shortest decimal that parses back to exactly {@code value} as a double, as a JSON number in floating-point
     * form ({@code 4.0}, {@code 0.1}, {@code -0.0}, {@code 1.5e+30}). The form matters to readers that type a number
     * by how it is written (Python's {@code json}, Jackson's tree): {@code 4} would read as an integer and {@code -0}
     * as the integer 0, losing the type and the sign. Not for NaN or infinities.
     */
    public static String shortestDouble(double value) {
        return shortest(value, 17, candidate -> candidate.doubleValue() == value);
    }

    /** As {@link #shortestDouble}, but the shortest decimal that reads back to {@code value} as a float. */
    public static String shortestFloat(float value) {
        return shortest(value, 9, candidate -> candidate.floatValue() == value);
    }

    /** As {@link #shortestDouble}, but the shortest decimal that reads back to the binary16 {@code bits}. */
    public static String shortestFloat16(short bits) {
        return shortest(Float16.toFloat(bits), 5, candidate -> Float16.fromBigDecimal(candidate) == bits);
    }

    /**
     * The decimal of the fewest significant digits, up to {@code maxDigits} (enough for the format to round-trip),
     * that {@code readsBack} accepts; the exact value if none does.
     */
    private static String shortest(double value, int maxDigits, Predicate<BigDecimal> readsBack) {
        BigDecimal exact = new BigDecimal(value);
        for (int digits = 1; digits <= maxDigits; digits++) {
            BigDecimal candidate = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (readsBack.test(candidate)) {
                return json(candidate, value);
            }
        }
        return json(exact, value);
    }

    /** A float literal: a fraction or an exponent always, so that no JSON reader takes it for an integer. */
    private static String json(BigDecimal decimal, double value) {
        if (decimal.signum() == 0) {
            return (1 / value < 0) ? "-0.0" : "0.0";
        }
        BigDecimal stripped = decimal.stripTrailingZeros();
        int exponent = stripped.precision() - stripped.scale() - 1;
        if (exponent >= -6 && exponent < 21) {
            String plain = stripped.toPlainString();
            return plain.indexOf('.') < 0 ? plain + ".0" : plain;
        }
        String unscaled = stripped.unscaledValue().abs().toString();
        String mantissa = unscaled.length() == 1 ? unscaled : unscaled.charAt(0) + "." + unscaled.substring(1);
        return (stripped.signum() < 0 ? "-" : "") + mantissa + "e" + (exponent >= 0 ? "+" : "") + exponent;
    }

    /**
     * C++ {@code ostream << value} with default flags: {@code %g} with 6 significant digits and trailing zeros
     * removed ({@code 4}, {@code 0.1}, {@code 1.23457e+06}, {@code 1e-05}, {@code nan}, {@code -inf}, {@code -0}).
     */
    public static String cppDefault(double value) {
        if (Double.isNaN(value)) {
            return "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == 0) {
            return (1 / value < 0) ? "-0" : "0";
        }
        final int precision = 6;
        BigDecimal rounded = new BigDecimal(value).round(new MathContext(precision, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent >= -4 && exponent < precision) {
            return rounded.stripTrailingZeros().toPlainString();
        }
        String digits = rounded.unscaledValue().abs().toString();
        String mantissa = digits.charAt(0) + (digits.length() > 1 ? "." + digits.substring(1) : "");
        if (mantissa.contains(".")) {
            mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        String exp = String.format("%02d", Math.abs(exponent));
        return (value < 0 ? "-" : "") + mantissa + "e" + (exponent < 0 ? "-" : "+") + exp;
    }
}
