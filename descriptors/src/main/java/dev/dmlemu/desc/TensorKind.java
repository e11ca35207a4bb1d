package dev.dmlemu.desc;

/** Whether an operator reads or writes a tensor field (the "Kind" column of DirectML's tensor-support tables). */
public enum TensorKind {
    INPUT,
    OUTPUT
}
