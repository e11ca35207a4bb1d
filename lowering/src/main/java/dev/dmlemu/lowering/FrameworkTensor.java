package dev.dmlemu.lowering;

/** The framework-side tensor a DirectML tensor field is bound to. */
public enum FrameworkTensor {
    DATA,
    INDICES,
    /** The values a scatter writes (ONNX ScatterElements and ScatterND); gathers have none. */
    UPDATES,
    OUTPUT
}
