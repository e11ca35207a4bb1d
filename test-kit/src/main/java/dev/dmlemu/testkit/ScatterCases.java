package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.CaseOptions.IndexValues;
import dev.dmlemu.testkit.CaseOptions.Layout;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.Objects;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Random SCATTER_ELEMENTS or SCATTER_ND cases, each a function of its seed and the options, valid at feature level 4_1
 * and later by construction (docs/directml-behaviour.md §12-§13):
 *
 * <ul>
 *   <li>SCATTER_ELEMENTS: every rank up to the options' and every axis; the indices (and updates) take the input's
 *       sizes except along the axis, where they are 1 to the input's size;
 *   <li>SCATTER_ND: InputDimensionCount ci from 1 to the rank, tuple length 1 to ci, IndicesDimensionCount with the
 *       updates' formula fitting the rank; dimensions before the counts are 1; now and then indices or updates have
 *       one or two leading 1s more, or one fewer, which DirectML accepts.
 * </ul>
 *
 * Small index ranges make duplicate targets common. Strides, totals, placement and element bytes are drawn as for the
 * gathers ({@link TensorDraws}; updates as an input, the output never broadcasts); index values as
 * {@link CaseOptions#indexValues()} says, out-of-range ones drawn as for the gathers ({@link GatherCases}, 32-bit wraps
 * included).
 */
public final class ScatterCases implements CaseGenerator<ScatterCase> {

    /** Which operator the cases exercise. */
    public enum Kind {
        ELEMENTS,
        ND
    }

    private final Kind kind;
    private final CaseOptions options;

    public ScatterCases(Kind kind, CaseOptions options) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.options = Objects.requireNonNull(options, "options");
    }

    public Arbitrary<ScatterCase> arbitrary() {
        return Arbitraries.longs().map(this::generate);
    }

    public ScatterCase generate(long seed) {
        Random r = new Random(seed);
        TensorDataType dataType = options.dataTypes().get(r.nextInt(options.dataTypes().size()));
        TensorDataType indexType = options.indexTypes().get(r.nextInt(options.indexTypes().size()));
        int rank = 1 + r.nextInt(options.maxRank());
        return kind == Kind.ELEMENTS ? elements(seed, r, dataType, indexType, rank)
                : nd(seed, r, dataType, indexType, rank);
    }

    private ScatterCase elements(long seed, Random r, TensorDataType dataType, TensorDataType indexType, int rank) {
        int axis = r.nextInt(rank);
        long[] inputSizes = sizes(r, rank, 0);
        long[] indicesSizes = inputSizes.clone();
        indicesSizes[axis] = 1 + r.nextInt((int) inputSizes[axis]);
        Tensors t = tensors(r, dataType, indexType, inputSizes, indicesSizes, indicesSizes, Role.INDICES);
        long[] dimensionSizes = {inputSizes[axis]};
        fillIndices(r, t.indices, t.indicesBytes, 1, dimensionSizes);
        OperatorDesc desc = new ScatterElementsOperatorDesc(t.input, t.indices, t.updates, t.output, axis);
        return new ScatterCase(seed, desc, t.inputBytes, t.indicesBytes, t.updatesBytes, t.outputBytes);
    }

    private ScatterCase nd(long seed, Random r, TensorDataType dataType, TensorDataType indexType, int rank) {
        int ci = 1 + r.nextInt(rank);
        int q = 1 + r.nextInt(ci);
        int sliceRank = ci - q;
        int maxLead = rank - sliceRank; // the indices' leading real dimensions must fit next to the slice
        int lead = r.nextInt(Math.min(maxLead, rank - 1) + 1); // cx - 1, and cx <= rank
        int cx = lead + 1;
        long[] inputSizes = sizes(r, rank, rank - ci);
        long[] indicesSizes = new long[rank];
        java.util.Arrays.fill(indicesSizes, 1);
        long[] leadSizes = sizes(r, lead, 0);
        System.arraycopy(leadSizes, 0, indicesSizes, rank - cx, lead);
        indicesSizes[rank - 1] = q;
        long[] updatesSizes = new long[rank];
        java.util.Arrays.fill(updatesSizes, 1);
        System.arraycopy(leadSizes, 0, updatesSizes, rank - sliceRank - lead, lead);
        System.arraycopy(inputSizes, rank - sliceRank, updatesSizes, rank - sliceRank, sliceRank);
        // DirectML accepts indices and updates of other DimensionCounts and aligns them to the right (§13.3).
        indicesSizes = otherRank(r, indicesSizes, cx);
        updatesSizes = otherRank(r, updatesSizes, lead + sliceRank);
        Tensors t = tensors(r, dataType, indexType, inputSizes, indicesSizes, updatesSizes, Role.OUTPUT);
        long[] dimensionSizes = new long[q];
        System.arraycopy(inputSizes, rank - ci, dimensionSizes, 0, q);
        fillIndices(r, t.indices, t.indicesBytes, q, dimensionSizes);
        OperatorDesc desc = new ScatterNdOperatorDesc(t.input, t.indices, t.updates, t.output, ci, cx);
        return new ScatterCase(seed, desc, t.inputBytes, t.indicesBytes, t.updatesBytes, t.outputBytes);
    }

    /**
     * Mostly the sizes as they are; in a tenth of the cases one or two leading 1s more (up to 8 dimensions), in
     * a twentieth one leading 1 fewer where it is not one of the {@code needed} trailing dimensions.
     */
    private static long[] otherRank(Random r, long[] sizes, int needed) {
        int pick = r.nextInt(20);
        if (pick < 2 && sizes.length < 8) {
            int more = Math.min(1 + pick, 8 - sizes.length);
            long[] longer = new long[sizes.length + more];
            java.util.Arrays.fill(longer, 0, more, 1);
            System.arraycopy(sizes, 0, longer, more, sizes.length);
            return longer;
        }
        if (pick == 2 && sizes.length > Math.max(1, needed) && sizes[0] == 1) {
            return java.util.Arrays.copyOfRange(sizes, 1, sizes.length);
        }
        return sizes;
    }

    /** Sizes within the element budget; the first {@code ones} are 1. */
    private long[] sizes(Random r, int length, int ones) {
        long[] sizes = new long[length];
        long count = 1;
        int maxSize = options.maxSize();
        for (int d = 0; d < length; d++) {
            long size = d < ones || count * maxSize > options.maxElements() ? 1
                    : 1 + r.nextInt(r.nextInt(4) == 0 ? maxSize + 2 : maxSize);
            sizes[d] = size;
            count *= size;
        }
        return sizes;
    }

    private record Tensors(BufferTensorDesc input, BufferTensorDesc indices, BufferTensorDesc updates,
            BufferTensorDesc output, TensorBytes inputBytes, TensorBytes indicesBytes, TensorBytes updatesBytes,
            TensorBytes outputBytes) {}

    /**
     * @param indicesStrides {@link Role#INDICES} for strides that may broadcast, {@link Role#OUTPUT} for strides that
     *     do not (SCATTER_ND refuses broadcast indices: docs/directml-behaviour.md §13.3)
     */
    private Tensors tensors(Random r, TensorDataType dataType, TensorDataType indexType, long[] inputSizes,
            long[] indicesSizes, long[] updatesSizes, Role indicesStrides) {
        Layout layout = options.layout();
        BufferTensorDesc in = TensorDraws.tensor(r, dataType, inputSizes,
                TensorDraws.strides(r, inputSizes, Role.INPUT, layout), layout);
        BufferTensorDesc idx = TensorDraws.tensor(r, indexType, indicesSizes,
                TensorDraws.strides(r, indicesSizes, indicesStrides, layout), layout);
        BufferTensorDesc upd = TensorDraws.tensor(r, dataType, updatesSizes,
                TensorDraws.strides(r, updatesSizes, Role.INPUT, layout), layout);
        BufferTensorDesc out = TensorDraws.tensor(r, dataType, inputSizes,
                TensorDraws.strides(r, inputSizes, Role.OUTPUT, layout), layout);
        return new Tensors(in, idx, upd, out, place(r, in, Role.INPUT), place(r, idx, Role.INDICES),
                place(r, upd, Role.INPUT), place(r, out, Role.OUTPUT));
    }

    private TensorBytes place(Random r, BufferTensorDesc tensor, Role role) {
        return TensorDraws.place(r, tensor, role, options.placement(), options.elementValues());
    }

    /**
     * Writes every index, each against the size of the dimension its tuple position indexes. In an out-of-range case
     * the last one written and a third of the others are out of range.
     */
    private void fillIndices(Random r, BufferTensorDesc tensor, TensorBytes indices, int tupleLength,
            long[] dimensionSizes) {
        TensorDataType type = tensor.dataType();
        boolean outOfRangeCase = options.indexValues() == IndexValues.MIXED && r.nextInt(4) != 0;
        long last = Shapes.product(Shapes.toArray(tensor.sizes())) - 1;
        TensorDraws.writeIndices(tensor, indices, e -> {
            long size = dimensionSizes[(int) (e % tupleLength)];
            boolean outOfRange = outOfRangeCase && (e == last || r.nextInt(3) == 0);
            return outOfRange ? GatherCases.outOfRange(r, size, type) : inRange(r, size, type);
        });
    }

    private static long inRange(Random r, long size, TensorDataType type) {
        long position = (long) (r.nextDouble() * size);
        return type.isSignedInteger() && r.nextInt(4) == 0 ? position - size : position;
    }
}
