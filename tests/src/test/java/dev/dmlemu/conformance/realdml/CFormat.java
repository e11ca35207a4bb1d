package dev.dmlemu.conformance.realdml;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * C's {@code printf("%.Pg")} for the values the real-DirectML results are written in, so outputs read back from the
 * host print exactly as the harness printed them ({@code %.9g} for FLOAT32, {@code %.17g} for FLOAT64): P significant
 * digits, fixed notation when the exponent X satisfies {@code -4 <= X < P}, otherwise {@code d.ddde+XX}, trailing
 * zeros and a trailing point removed.
 */
final class CFormat {

    private CFormat() {
    }

    static String g(double value, int precision) {
        if (Double.isNaN(value)) {
            return (Double.doubleToRawLongBits(value) < 0 ? "-" : "") + "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        String sign = (Double.doubleToRawLongBits(value) < 0) ? "-" : "";
        if (value == 0) {
            return sign + "0";
        }
        // The double's exact decimal value rounded to P significant digits, ties to even (glibc's rounding).
        BigDecimal rounded = new BigDecimal(Math.abs(value)).round(new MathContext(precision, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        String text;
        if (exponent >= -4 && exponent < precision) {
            text = stripZeros(rounded.setScale(Math.max(0, precision - 1 - exponent), RoundingMode.UNNECESSARY)
                    .toPlainString());
        } else {
            BigDecimal mantissa = rounded.movePointLeft(exponent).setScale(precision - 1, RoundingMode.UNNECESSARY);
            text = stripZeros(mantissa.toPlainString()) + "e" + (exponent < 0 ? "-" : "+")
                    + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
        }
        return sign + text;
    }

    private static String stripZeros(String fixed) {
        if (fixed.indexOf('.') < 0) {
            return fixed;
        }
        String stripped = fixed.replaceAll("0+$", "");
        return stripped.endsWith(".") ? stripped.substring(0, stripped.length() - 1) : stripped;
    }
}
