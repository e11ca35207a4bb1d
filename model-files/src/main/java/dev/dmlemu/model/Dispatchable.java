package dev.dmlemu.model;

/** One entry of {@code dispatchables}. Only DirectML operators are supported (not HLSL, ONNX or serialized graphs). */
public sealed interface Dispatchable permits OperatorDispatchable {}
