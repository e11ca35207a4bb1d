package dev.dmlemu.lowering;

/** The outcome of {@link GatherElementsLowering#lower}: a DirectML desc with binding notes, or a refusal. */
public sealed interface LoweringResult permits Lowered, Refused {
}
