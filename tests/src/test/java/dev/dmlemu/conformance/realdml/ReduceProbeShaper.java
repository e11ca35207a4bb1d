package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.support.DocumentedSupport;
import dev.dmlemu.featurelevels.support.SupportCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * REDUCE's probes: a random Function with data types from its own table, random input sizes, random Axes (repeats
 * and any order allowed) and the output the input's sizes with 1 on each reduced axis; broken: an axis out of range,
 * an output size or DimensionCount off, or another output DataType than the input's (docs/directml-behaviour.md
 * §14.4).
 */
final class ReduceProbeShaper extends OperatorShaper {

    ReduceProbeShaper() {
        super(OperatorType.REDUCE);
    }

    private static final DocumentedSupport TABLES = SupportCatalog.directMl().support("REDUCE").orElseThrow();

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        // The drawn types come from ARGMAX's table and the device's types; ARGMAX's input row holds every other
        // function's, so a function whose row has the drawn input type keeps the probe on the device's types.
        BufferTensorDesc drawn = (BufferTensorDesc) values.get("InputTensor");
        TensorDataType inputType = drawn.dataType();
        List<ReduceFunction> fitting = new ArrayList<>();
        for (ReduceFunction candidate : ReduceFunction.values()) {
            if (inputRow(candidate).contains(inputType)) {
                fitting.add(candidate);
            }
        }
        ReduceFunction function = fitting.get(random.nextInt(fitting.size()));
        TensorDataType outputType = isIndexOutput(function)
                ? ((BufferTensorDesc) values.get("OutputTensor")).dataType() : inputType;
        int rank = (int) drawn.dimensionCount();
        long[] sizes = new long[rank];
        for (int i = 0; i < rank; i++) {
            sizes[i] = 1 + random.nextInt(4);
        }
        List<Long> axes = new ArrayList<>();
        int count = random.nextInt(rank + 2);
        for (int i = 0; i < count; i++) {
            axes.add((long) random.nextInt(rank));
        }
        long[] reduced = sizes.clone();
        axes.forEach(axis -> reduced[axis.intValue()] = 1);
        values.put("Function", function);
        values.put("InputTensor", BufferTensorDesc.packed(inputType, sizes));
        values.put("OutputTensor", BufferTensorDesc.packed(outputType, reduced));
        values.put("Axes", List.copyOf(axes));
        values.put("AxisCount", (long) axes.size());
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        @SuppressWarnings("unchecked")
        List<Long> axes = new ArrayList<>((List<Long>) values.get("Axes"));
        int rank = (int) input.dimensionCount();
        long[] sizes = output.sizes().stream().mapToLong(Long::longValue).toArray();
        switch (random.nextInt(4)) {
            case 0 -> {
                long axis = rank + random.nextInt(3);
                axes.add(random.nextInt(axes.size() + 1), axis);
                values.put("Axes", List.copyOf(axes));
                values.put("AxisCount", (long) axes.size());
                return Optional.of("Axes " + axes + " with " + axis + " of a " + rank + "-D input");
            }
            case 1 -> {
                int at = random.nextInt(rank);
                sizes[at] = sizes[at] == 1 ? 2 : sizes[at] - 1;
                values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), sizes));
                return Optional.of("OutputTensor.Sizes[" + at + "] " + sizes[at] + " for Axes " + axes);
            }
            case 2 -> {
                long[] other = new long[rank == 8 ? 7 : rank + 1];
                System.arraycopy(sizes, 0, other, 0, Math.min(rank, other.length));
                if (other.length > rank) {
                    other[rank] = 1;
                }
                values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), other));
                return Optional.of("OutputTensor.DimensionCount " + other.length + " of a " + rank + "-D input");
            }
            default -> {
                ReduceFunction function = (ReduceFunction) values.get("Function");
                if (isIndexOutput(function)) {
                    return Optional.empty();
                }
                List<TensorDataType> others = new ArrayList<>(inputRow(function));
                others.remove(output.dataType());
                if (others.isEmpty()) {
                    return Optional.empty();
                }
                TensorDataType type = pick(others, random);
                values.put("OutputTensor", output.withDataType(type));
                return Optional.of("OutputTensor.DataType " + type + " for InputTensor.DataType "
                        + input.dataType() + " (" + function.name() + ")");
            }
        }
    }

    private static List<TensorDataType> inputRow(ReduceFunction function) {
        return TABLES.forLevel(FeatureLevel.newest(), function.cName()).orElseThrow().row("InputTensor")
                .orElseThrow().dataTypes();
    }

    private static boolean isIndexOutput(ReduceFunction function) {
        return function == ReduceFunction.ARGMAX || function == ReduceFunction.ARGMIN;
    }

    private static TensorDataType pick(List<TensorDataType> types, Random random) {
        return types.get(random.nextInt(types.size()));
    }
}
