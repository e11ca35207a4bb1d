package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorType;
import java.util.List;

/**
 * A scatter execution wrote some output element more than once. The emulator keeps the last write in row-major order
 * of the updates, which is what DirectML.dll 1.15.4 did with fewer than about 280 updates; with more, its winner
 * changed from run to run, and the docs promise nothing (docs/directml-behaviour.md §12.4). An output that depends on
 * which write wins is not portable.
 *
 * @param operator the scatter operator
 * @param overwrites how many writes landed on an element an earlier update of the same execution had written
 * @param firstUpdateCoordinate the UpdatesTensor coordinate (outermost first) of the update that made the first such
 *     write; for SCATTER_ND, of the first element of its slice
 * @param firstOutputElement the output element that write landed on, as an element offset into the OutputTensor
 *     buffer (its strides applied)
 */
public record DuplicateWrites(OperatorType operator, long overwrites, List<Long> firstUpdateCoordinate,
        long firstOutputElement) {

    public DuplicateWrites {
        firstUpdateCoordinate = List.copyOf(firstUpdateCoordinate);
    }

    /** One sentence for a user. */
    public String describe() {
        return overwrites + " update write" + (overwrites == 1 ? "" : "s") + " landed on an output element an "
                + "earlier update had written (first: UpdatesTensor" + firstUpdateCoordinate + " onto OutputTensor "
                + "element offset " + firstOutputElement + "); the emulator keeps the last write in row-major order, "
                + "but DirectML promises no winner and real devices race";
    }
}
