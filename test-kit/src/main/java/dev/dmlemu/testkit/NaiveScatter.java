package dev.dmlemu.testkit;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDesc;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * DML_SCATTER_ELEMENTS and DML_SCATTER_ND written from their semantics alone: the output starts as a copy of the
 * input, coordinate by coordinate; then every update element, in row-major order of the UpdatesTensor, is written at
 * the output coordinate its index (or index tuple) names, so of several writes to one element the last one stays.
 * Deliberately slow, on little-endian bytes read one at a time; it shares no code with any backend, so that tests can
 * take their expected bytes from it.
 *
 * <ul>
 *   <li>SCATTER_ELEMENTS: update coordinate u (the indices' sizes) writes output coordinate u with its Axis entry
 *       replaced by {@code Indices[u]}.
 *   <li>SCATTER_ND: with R the output's DimensionCount, ci = InputDimensionCount, the index tuple length q (the last
 *       indices size) and s = ci - q slice dimensions, update coordinate u splits into a leading part, right-aligned
 *       onto the indices' dimensions before the last (the tuple is {@code Indices[lead ++ (t)]}, t &lt; q), and its last
 *       s entries. It writes output coordinate (0, ..., 0) ++ tuple ++ those s entries. An indices or updates tensor with
 *       one more, leading, dimension than the input is read right-aligned, as DirectML does.
 * </ul>
 *
 * <p>Out-of-range indices follow the {@link OutOfRangeModel}. DIRECTML is the walk measured on DirectML.dll 1.15.4
 * (docs/directml-behaviour.md §12.4, §13.5): each index as signed 64 bits (UINT64 reinterpreted), its dimension's size added
 * once when negative, the low 32 bits kept; the output offset is the sum of coordinates times strides modulo 2^32, and
 * a write to an element not wholly inside TotalTensorSizeInBytes is dropped. SCATTER_ELEMENTS ignores the index on a
 * size-1 axis (writes coordinate 0); SCATTER_ND does not. STRICT refuses the first out-of-range index in row-major
 * update order (tuple coordinates in order) and writes nothing; CLAMP_AXIS clamps each coordinate into its dimension.
 */
public final class NaiveScatter {

    private static final long LOW_32_BITS = 0xFFFF_FFFFL;

    private NaiveScatter() {}

    /** What a STRICT run refused: the update's coordinate and the index in decimal as its type reads it. */
    public record Refusal(List<Long> updateCoordinate, String value) {}

    /**
     * The output array after the scatter (a copy of the given one; unchanged when refused), the refusal under STRICT,
     * how many update writes landed on an element an earlier update had written, and for each such element (by its
     * element offset in the output buffer) the bytes every update wrote there, in write order: the last one is what
     * {@link #output} holds, and any of them is what a device that races may hold.
     */
    public record Outcome(byte[] output, Optional<Refusal> refusal, long overwrites,
            Map<Long, List<byte[]>> contestedWrites) {

        public Outcome {
            contestedWrites = Map.copyOf(contestedWrites);
        }
    }

    /** Never writes into the arrays it is given. */
    public static Outcome run(OperatorDesc desc, OutOfRangeModel model, TensorBytes input, TensorBytes indices,
            TensorBytes updates, TensorBytes output) {
        Mapping mapping = Mapping.of(desc);
        TensorLayout in = mapping.input();
        TensorLayout idx = mapping.indices();
        TensorLayout upd = mapping.updates();
        TensorLayout out = mapping.output();
        byte[] written = output.bytes().clone();
        long updateCount = Shapes.product(upd.sizes());
        int q = mapping.tupleLength();
        if (model == OutOfRangeModel.STRICT) {
            for (long e = 0; e < updateCount; e++) {
                long[] u = Shapes.coordinate(e, upd.sizes());
                for (int t = 0; t < q; t++) {
                    long value = readIndex(idx, indices, mapping.indicesCoordinate(u, t));
                    if (!AxisIndex.inRange(value, out.sizes()[mapping.indexedDimension(t)], idx.type())) {
                        return new Outcome(written, Optional.of(new Refusal(Shapes.toList(u),
                                LittleEndian.indexText(idx.type(), value))), 0, Map.of());
                    }
                }
            }
        }
        int es = out.elementSize();
        long outputCount = Shapes.product(out.sizes());
        for (long e = 0; e < outputCount; e++) {
            long[] c = Shapes.coordinate(e, out.sizes());
            copyElement(input.bytes(), in.byteAt(input, c), written, out.byteAt(output, c), es);
        }
        Map<Long, List<byte[]>> writes = new HashMap<>();
        long overwrites = 0;
        for (long e = 0; e < updateCount; e++) {
            long[] u = Shapes.coordinate(e, upd.sizes());
            long[] target = mapping.outputCoordinate(u);
            long[] values = new long[q];
            for (int t = 0; t < q; t++) {
                values[t] = readIndex(idx, indices, mapping.indicesCoordinate(u, t));
            }
            OptionalLong element = switch (model) {
                case DIRECTML -> walk(mapping, target, values);
                case STRICT, CLAMP_AXIS -> {
                    for (int t = 0; t < q; t++) {
                        int d = mapping.indexedDimension(t);
                        target[d] = model == OutOfRangeModel.STRICT
                                ? AxisIndex.wrapped(values[t], out.sizes()[d], idx.type())
                                : AxisIndex.clamped(values[t], out.sizes()[d], idx.type());
                    }
                    yield OptionalLong.of(Shapes.offset(target, out.strides()));
                }
            };
            if (element.isEmpty()) {
                continue; // dropped
            }
            List<byte[]> earlier = writes.computeIfAbsent(element.getAsLong(), k -> new ArrayList<>());
            if (!earlier.isEmpty()) {
                overwrites++;
            }
            int from = upd.byteAt(updates, u);
            earlier.add(java.util.Arrays.copyOfRange(updates.bytes(), from, from + es));
            int to = Math.toIntExact(output.offset() + element.getAsLong() * es);
            copyElement(updates.bytes(), from, written, to, es);
        }
        writes.values().removeIf(list -> list.size() < 2);
        return new Outcome(written, Optional.empty(), overwrites, writes);
    }

    /** The element DirectML writes, or empty when the write falls past TotalTensorSizeInBytes and is dropped. */
    private static OptionalLong walk(Mapping mapping, long[] target, long[] values) {
        TensorLayout out = mapping.output();
        for (int t = 0; t < values.length; t++) {
            int d = mapping.indexedDimension(t);
            long size = out.sizes()[d];
            long value = values[t] < 0 ? values[t] + size : values[t];
            target[d] = mapping.unitAxisIgnoresIndex() && size == 1 ? 0 : value & LOW_32_BITS;
        }
        long offset = 0; // modulo 2^32: the low 32 bits of a 64-bit product are exact even when the product wraps
        for (int d = 0; d < target.length; d++) {
            offset = (offset + target[d] * out.strides()[d]) & LOW_32_BITS;
        }
        int es = out.elementSize();
        if ((offset + 1) * es > out.totalBytes()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(offset);
    }

    private static long readIndex(TensorLayout idx, TensorBytes indices, long[] coordinate) {
        return LittleEndian.index(idx.type(), indices.bytes(), idx.byteAt(indices, coordinate));
    }

    private static void copyElement(byte[] from, int fromAt, byte[] to, int toAt, int elementSize) {
        System.arraycopy(from, fromAt, to, toAt, elementSize);
    }

    /** How update coordinates map onto indices and output coordinates, for either operator. */
    private record Mapping(TensorLayout input, TensorLayout indices, TensorLayout updates, TensorLayout output,
            int axis, int inputDimensionCount, boolean unitAxisIgnoresIndex) {

        static Mapping of(OperatorDesc desc) {
            if (desc instanceof ScatterElementsOperatorDesc elements) {
                Mapping m = new Mapping(layout(elements.inputTensor()), layout(elements.indicesTensor()),
                        layout(elements.updatesTensor()), layout(elements.outputTensor()),
                        Math.toIntExact(elements.axis()), 0, true);
                m.requireElementsShapes();
                return m;
            }
            if (desc instanceof ScatterNdOperatorDesc nd) {
                Mapping m = new Mapping(layout(nd.inputTensor()), layout(nd.indicesTensor()),
                        layout(nd.updatesTensor()), layout(nd.outputTensor()), -1,
                        Math.toIntExact(nd.inputDimensionCount()), false);
                m.requireNdShapes();
                return m;
            }
            throw new IllegalArgumentException("not a scatter desc: " + desc);
        }

        private static TensorLayout layout(TensorDesc desc) {
            return TensorLayout.of(desc);
        }

        boolean elements() {
            return axis >= 0;
        }

        int tupleLength() {
            return elements() ? 1 : (int) indices.sizes()[indices.rank() - 1];
        }

        /** The output dimension tuple coordinate {@code t} indexes. */
        int indexedDimension(int t) {
            return elements() ? axis : output.rank() - inputDimensionCount + t;
        }

        /** Where the update at {@code u} finds tuple coordinate {@code t} in the indices. */
        long[] indicesCoordinate(long[] u, int t) {
            if (elements()) {
                return u;
            }
            int sliceRank = inputDimensionCount - tupleLength();
            int lead = u.length - sliceRank; // the update's leading entries
            int indicesLead = indices.rank() - 1;
            long[] coordinate = new long[indices.rank()];
            for (int d = 0; d < indicesLead; d++) {
                int from = d - indicesLead + lead; // right-aligned
                coordinate[d] = from >= 0 ? u[from] : 0;
            }
            coordinate[indicesLead] = t;
            return coordinate;
        }

        /** The output coordinate the update at {@code u} writes, with the indexed entries still to be filled. */
        long[] outputCoordinate(long[] u) {
            if (elements()) {
                return u.clone();
            }
            int r = output.rank();
            int sliceRank = inputDimensionCount - tupleLength();
            long[] coordinate = new long[r];
            for (int k = 0; k < sliceRank; k++) {
                coordinate[r - sliceRank + k] = u[u.length - sliceRank + k];
            }
            return coordinate;
        }

        private void requireElementsShapes() {
            int r = output.rank();
            if (input.rank() != r || indices.rank() != r || updates.rank() != r || axis >= r) {
                throw new IllegalArgumentException("SCATTER_ELEMENTS needs one rank for all four tensors and Axis "
                        + "below it");
            }
            for (int d = 0; d < r; d++) {
                if (input.sizes()[d] != output.sizes()[d] || indices.sizes()[d] != updates.sizes()[d]
                        || (d != axis && indices.sizes()[d] != output.sizes()[d])) {
                    throw new IllegalArgumentException("SCATTER_ELEMENTS sizes do not fit at dimension " + d);
                }
            }
        }

        /** The right-aligned rule of docs/directml-behaviour.md §13.3; refuses what it does not model. */
        private void requireNdShapes() {
            int r = output.rank();
            int q = tupleLength();
            if (input.rank() != r || java.util.Arrays.compare(input.sizes(), output.sizes()) != 0) {
                throw new IllegalArgumentException("SCATTER_ND output must equal the input");
            }
            if (inputDimensionCount < 1 || inputDimensionCount > r || q < 1 || q > inputDimensionCount) {
                throw new IllegalArgumentException("SCATTER_ND tuple length " + q + " does not fit "
                        + "InputDimensionCount " + inputDimensionCount);
            }
            for (int d = 0; d < r - inputDimensionCount; d++) {
                if (output.sizes()[d] != 1) {
                    throw new IllegalArgumentException("SCATTER_ND: dimensions before InputDimensionCount must be 1");
                }
            }
            int sliceRank = inputDimensionCount - q;
            for (int k = 0; k < sliceRank; k++) {
                if (updates.sizes()[updates.rank() - sliceRank + k] != output.sizes()[r - sliceRank + k]) {
                    throw new IllegalArgumentException("SCATTER_ND updates' trailing sizes must be the input's");
                }
            }
            int lead = updates.rank() - sliceRank;
            int indicesLead = indices.rank() - 1;
            for (int d = 0; d < Math.max(lead, indicesLead); d++) {
                int ud = lead - 1 - d;
                int id = indicesLead - 1 - d;
                long us = ud >= 0 ? updates.sizes()[ud] : 1;
                long is = id >= 0 ? indices.sizes()[id] : 1;
                if (us != is) {
                    throw new IllegalArgumentException("SCATTER_ND updates' leading sizes must be the indices' "
                            + "(right-aligned)");
                }
            }
        }
    }
}
