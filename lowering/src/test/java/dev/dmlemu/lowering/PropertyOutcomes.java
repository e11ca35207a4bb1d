package dev.dmlemu.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Optional;
import net.jqwik.api.statistics.Statistics;

/**
 * How every lowering property ends a try: the refusal the documented limits predict, or a lowering, each counted in
 * the {@code outcome} and {@code adjustment} statistics the properties' coverage checks read.
 */
final class PropertyOutcomes {

    private PropertyOutcomes() {}

    /** The default options, or with wide elements split into UINT32 lanes. */
    static LoweringOptions options(boolean splitLanes) {
        return splitLanes
                ? LoweringOptions.defaults().withWideElements(WideElementHandling.SPLIT_INTO_UINT32_LANES)
                : LoweringOptions.defaults();
    }

    /**
     * Empty when {@code expectedRefusal} is set and {@code result} is that refusal; the lowering, its adjustments
     * counted, when no refusal is expected. Fails otherwise.
     */
    static Optional<LoweredBuffers> loweredUnlessRefused(BufferLoweringResult result, LoweringRule expectedRefusal) {
        Statistics.label("outcome").collect(expectedRefusal == null ? "lowered" : expectedRefusal.name());
        if (expectedRefusal != null) {
            Refused refused = assertInstanceOf(Refused.class, result, result::toString);
            assertEquals(expectedRefusal, refused.rule(), refused.message());
            return Optional.empty();
        }
        LoweredBuffers lowered = assertInstanceOf(LoweredBuffers.class, result, result::toString);
        lowered.lowered().notes().stream().flatMap(note -> note.adjustments().stream()).distinct()
                .forEach(adjustment -> Statistics.label("adjustment").collect(adjustment));
        return Optional.of(lowered);
    }
}
