package dev.dmlemu.model;

/** A non-finite float initial value; legal only for FLOAT16, FLOAT32 and FLOAT64 resources. */
public enum SpecialScalar implements Scalar {
    /** {@code "nan"}: the quiet NaN with a clear sign bit (0x7FC00000 for FLOAT32). */
    NAN("nan"),
    /** {@code "inf"}. */
    POSITIVE_INFINITY("inf"),
    /** {@code "-inf"}. */
    NEGATIVE_INFINITY("-inf");

    private final String jsonText;

    SpecialScalar(String jsonText) {
        this.jsonText = jsonText;
    }

    /** The string DxDispatch writes for this value. */
    public String jsonText() {
        return jsonText;
    }

    /** The special named {@code text} ({@code nan}, {@code inf}, {@code -inf}, any case), or null. */
    static SpecialScalar fromJsonText(String text) {
        for (SpecialScalar s : values()) {
            if (s.jsonText.equalsIgnoreCase(text)) {
                return s;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return jsonText;
    }
}
