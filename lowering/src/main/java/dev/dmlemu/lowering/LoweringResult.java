package dev.dmlemu.lowering;

/**
 * The outcome of {@link FrameworkNode#lower} ({@link GatherElementsLowering#lower}, {@link GatherLowering#lower},
 * {@link GatherNdLowering#lower}): a DirectML desc with binding notes, or a refusal.
 */
public sealed interface LoweringResult permits Lowered, Refused {
}
