package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.Random;

/**
 * The draws the data-movement generators ({@link MovementCases}, {@link PlacementCases}) share under one set of
 * options: sizes, an input or output tensor laid out as the options say, and the array a tensor sits in.
 */
final class MovementDraws {

    private final CaseOptions options;

    MovementDraws(CaseOptions options) {
        this.options = options;
    }

    /** Sizes of 1 to maxSize (a quarter up to maxSize + 2), 1 once the product passes maxElements. */
    long[] sizes(Random r, int rank) {
        long[] sizes = new long[rank];
        long product = 1;
        for (int d = 0; d < rank; d++) {
            long size = product > options.maxElements() / options.maxSize() ? 1
                    : 1 + r.nextInt(options.maxSize() + (r.nextInt(4) == 0 ? 2 : 0));
            sizes[d] = size;
            product *= size;
        }
        return sizes;
    }

    BufferTensorDesc tensor(Random r, TensorDataType type, long[] sizes, Role role) {
        return TensorDraws.tensor(r, type, sizes, TensorDraws.strides(r, sizes, role, options.layout()),
                options.layout());
    }

    TensorBytes place(Random r, BufferTensorDesc tensor, Role role) {
        return TensorDraws.place(r, tensor, role, options.placement(), options.elementValues());
    }
}
