package dev.dmlemu.lowering;

/** The framework-side tensor a DirectML tensor field is bound to. */
public enum FrameworkTensor {
    DATA,
    INDICES,
    OUTPUT
}
