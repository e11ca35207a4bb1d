package dev.dmlemu.lowering;

import java.util.Locale;
import java.util.Optional;

/**
 * The values of the ONNX {@code reduction} attribute of ScatterElements and ScatterND: {@code "none"} (the default)
 * overwrites, the others combine the update with the element already there. {@code none}, {@code add} and
 * {@code mul} came with opset 16, {@code max} and {@code min} with opset 18.
 */
public enum Reduction {
    NONE,
    ADD,
    MUL,
    MAX,
    MIN;

    /** {@code "none"}, as ONNX spells it. */
    public String onnxName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value ONNX spells {@code name}, or empty. */
    public static Optional<Reduction> fromOnnxName(String name) {
        for (Reduction reduction : values()) {
            if (reduction.onnxName().equals(name)) {
                return Optional.of(reduction);
            }
        }
        return Optional.empty();
    }
}
