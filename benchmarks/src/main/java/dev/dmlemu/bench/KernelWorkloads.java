package dev.dmlemu.bench;

import static dev.dmlemu.bench.OnnxModelBytes.Attribute.ints;

import dev.dmlemu.bench.OnnxModelBytes.Attribute;
import dev.dmlemu.bench.OnnxModelBytes.Int64Constant;
import dev.dmlemu.bench.Operand.Values;
import dev.dmlemu.bench.OperatorWorkload.Floor;
import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.CastOperatorDesc;
import dev.dmlemu.desc.ElementWiseAddOperatorDesc;
import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.MaxPoolingOperatorDesc;
import dev.dmlemu.desc.PaddingMode;
import dev.dmlemu.desc.PaddingOperatorDesc;
import dev.dmlemu.desc.Slice1OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TopK1OperatorDesc;
import java.util.List;
import java.util.Optional;

/**
 * The element-wise, data-movement, selection and pooling workloads of issue #26 (docs/performance.md, "Element-wise,
 * data movement, selection and pooling"), each at the benchmark's size or at a small size for the check that both
 * sides compute the same thing ({@code KernelWorkloadsAgreeTest}). Float32 throughout; the values are whole numbers
 * (TOP_K: a permutation per row), random with fixed seeds.
 */
final class KernelWorkloads {

    /** Element-wise: ADD, CAST. */
    static final List<String> ELEMENT_WISE = List.of("ADD", "CAST");
    /** Data movement: CONCAT (DML_JOIN), SLICE (DML_SLICE1), PAD (DML_PADDING). */
    static final List<String> MOVEMENT = List.of("CONCAT", "SLICE", "PAD");
    /** Selection and pooling: TOP_K (DML_TOP_K1), MAX_POOL (DML_MAX_POOLING). */
    static final List<String> SELECTION_AND_POOLING = List.of("TOP_K", "MAX_POOL");
    static final List<String> NAMES = List.of("ADD", "CAST", "CONCAT", "SLICE", "PAD", "TOP_K", "MAX_POOL");

    private static final TensorDataType F32 = TensorDataType.FLOAT32;

    /** The size a workload is stated at. */
    enum Size {
        /** The sizes, for JMH and the command line. */
        BENCHMARK,
        /** A few hundred elements, odd sizes, for the agreement check. */
        CHECK
    }

    private KernelWorkloads() {}

    /** A workload by name at {@code size}; empty for a name that is not one of {@link #NAMES}. */
    static Optional<OperatorWorkload> named(String name, Size size) {
        boolean full = size == Size.BENCHMARK;
        return Optional.ofNullable(switch (name) {
            // 16M float32 elements, two inputs of the output's shape.
            case "ADD" -> add(full ? 4096 : 16, full ? 4096 : 24);
            // 16M float32 to int32.
            case "CAST" -> cast(full ? 4096 : 16, full ? 4096 : 24);
            // Two 4096 x 2048 halves side by side: 4096 x 4096.
            case "CONCAT" -> concat(full ? 4096 : 16, full ? 2048 : 12);
            // 4096 x 4096 without its outer rows and columns: rows and columns 1 .. 4094, 4094 x 4094.
            case "SLICE" -> slice(full ? 4096 : 16, full ? 4096 : 24);
            // 4096 x 4096 with one zero on each side: 4098 x 4098.
            case "PAD" -> pad(full ? 4096 : 16, full ? 4096 : 24);
            // The 64 largest of each row of 256 x 4096: ONNX Runtime takes about as long as on MAX_POOL and half as
            // long as on ADD (1,024 rows took it 2-4 times as long as ADD; docs/performance.md).
            case "TOP_K" -> topK(full ? 256 : 8, full ? 4096 : 64, full ? 64 : 5);
            // 3 x 3 windows, stride 1, one row and column of padding on each side: 1 x 64 x 224 x 224 in and out.
            case "MAX_POOL" -> maxPool(full ? 64 : 3, full ? 224 : 7, full ? 224 : 9);
            default -> null;
        });
    }

    private static OperatorWorkload add(long rows, long columns) {
        Operand a = Operand.input("ATensor", "a", F32, Values.wholeNumbers(1), rows, columns);
        Operand b = Operand.input("BTensor", "b", F32, Values.wholeNumbers(2), rows, columns);
        Operand y = Operand.output("OutputTensor", "y", F32, rows, columns);
        return new OperatorWorkload("ADD", new ElementWiseAddOperatorDesc(a.desc(), b.desc(), y.desc()),
                List.of(a, b), List.of(y), "Add", List.of(), List.of(), new Floor(Floor.Kind.TWO_INPUTS, y.bytes()));
    }

    private static OperatorWorkload cast(long rows, long columns) {
        Operand x = Operand.input("InputTensor", "x", F32, Values.wholeNumbers(3), rows, columns);
        Operand y = Operand.output("OutputTensor", "y", TensorDataType.INT32, rows, columns);
        return new OperatorWorkload("CAST", new CastOperatorDesc(x.desc(), y.desc()), List.of(x), List.of(y), "Cast",
                List.of(), List.of(Attribute.of("to", OnnxModelBytes.INT32)), new Floor(Floor.Kind.COPY, y.bytes()));
    }

    private static OperatorWorkload concat(long rows, long halfColumns) {
        Operand a = Operand.input("InputTensors", "a", F32, Values.wholeNumbers(4), rows, halfColumns);
        Operand b = Operand.input("InputTensors", "b", F32, Values.wholeNumbers(5), rows, halfColumns);
        Operand y = Operand.output("OutputTensor", "y", F32, rows, 2 * halfColumns);
        return new OperatorWorkload("CONCAT", new JoinOperatorDesc(2, List.of(a.desc(), b.desc()), y.desc(), 1),
                List.of(a, b), List.of(y), "Concat", List.of(), List.of(Attribute.of("axis", 1)),
                new Floor(Floor.Kind.COPY, y.bytes()));
    }

    private static OperatorWorkload slice(long rows, long columns) {
        Operand x = Operand.input("InputTensor", "x", F32, Values.wholeNumbers(6), rows, columns);
        Operand y = Operand.output("OutputTensor", "y", F32, rows - 2, columns - 2);
        Slice1OperatorDesc desc = new Slice1OperatorDesc(x.desc(), y.desc(), 2, List.of(1L, 1L),
                List.of(rows - 2, columns - 2), List.of(1, 1));
        return new OperatorWorkload("SLICE", desc, List.of(x), List.of(y), "Slice",
                List.of(new Int64Constant("starts", 1, 1), new Int64Constant("ends", rows - 1, columns - 1),
                        new Int64Constant("axes", 0, 1), new Int64Constant("steps", 1, 1)),
                List.of(), new Floor(Floor.Kind.COPY, y.bytes()));
    }

    private static OperatorWorkload pad(long rows, long columns) {
        Operand x = Operand.input("InputTensor", "x", F32, Values.wholeNumbers(7), rows, columns);
        Operand y = Operand.output("OutputTensor", "y", F32, rows + 2, columns + 2);
        PaddingOperatorDesc desc = new PaddingOperatorDesc(x.desc(), y.desc(), PaddingMode.CONSTANT, 0f, 2,
                List.of(1L, 1L), List.of(1L, 1L));
        // ONNX Pad: mode "constant" and constant_value 0 are the defaults; pads are begin0, begin1, end0, end1.
        return new OperatorWorkload("PAD", desc, List.of(x), List.of(y), "Pad",
                List.of(new Int64Constant("pads", 1, 1, 1, 1)), List.of(), new Floor(Floor.Kind.COPY, y.bytes()));
    }

    private static OperatorWorkload topK(long rows, int columns, long k) {
        Operand x = Operand.input("InputTensor", "x", F32, Values.rowPermutations(columns, 8), rows, columns);
        Operand values = Operand.output("OutputValueTensor", "values", F32, rows, k);
        // UINT64 indices: the same bytes as ONNX Runtime's int64 ones.
        Operand indices = Operand.output("OutputIndexTensor", "indices", TensorDataType.UINT64, rows, k);
        TopK1OperatorDesc desc = new TopK1OperatorDesc(x.desc(), values.desc(), indices.desc(), 1, k,
                AxisDirection.DECREASING);
        // The floor copies the input once: TOP_K reads all of it and writes far less.
        return new OperatorWorkload("TOP_K", desc, List.of(x), List.of(values, indices), "TopK",
                List.of(new Int64Constant("k", k)),
                List.of(Attribute.of("axis", 1), Attribute.of("largest", 1), Attribute.of("sorted", 1)),
                new Floor(Floor.Kind.COPY, x.bytes()));
    }

    private static OperatorWorkload maxPool(long channels, long height, long width) {
        Operand x = Operand.input("InputTensor", "x", F32, Values.wholeNumbers(9), 1, channels, height, width);
        Operand y = Operand.output("OutputTensor", "y", F32, 1, channels, height, width);
        MaxPoolingOperatorDesc desc = new MaxPoolingOperatorDesc(x.desc(), y.desc(), 2, List.of(1L, 1L),
                List.of(3L, 3L), List.of(1L, 1L), List.of(1L, 1L));
        return new OperatorWorkload("MAX_POOL", desc, List.of(x), List.of(y), "MaxPool", List.of(),
                List.of(ints("kernel_shape", 3, 3), ints("pads", 1, 1, 1, 1), ints("strides", 1, 1)),
                new Floor(Floor.Kind.COPY, y.bytes()));
    }
}
