package dev.dmlemu.lowering;

import java.util.Objects;

/**
 * Opt-in lowerings beyond the ones every DirectML backend needs.
 *
 * @param rankZero what to do with scalar data and indices
 * @param wideElements what to do with 64-bit data below 4_1 and with complex data
 */
public record LoweringOptions(RankZeroHandling rankZero, WideElementHandling wideElements) {

    public LoweringOptions {
        Objects.requireNonNull(rankZero, "rankZero");
        Objects.requireNonNull(wideElements, "wideElements");
    }

    /** Refuse scalars and types without a native DirectML equivalent at the target level. */
    public static LoweringOptions defaults() {
        return new LoweringOptions(RankZeroHandling.REFUSE, WideElementHandling.REFUSE);
    }

    public LoweringOptions withRankZero(RankZeroHandling newRankZero) {
        return new LoweringOptions(newRankZero, wideElements);
    }

    public LoweringOptions withWideElements(WideElementHandling newWideElements) {
        return new LoweringOptions(rankZero, newWideElements);
    }
}
