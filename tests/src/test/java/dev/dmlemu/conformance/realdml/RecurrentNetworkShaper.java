package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.ActivationSigmoidOperatorDesc;
import dev.dmlemu.desc.ActivationSoftmaxOperatorDesc;
import dev.dmlemu.desc.ActivationTanhOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.RecurrentNetworkDirection;
import dev.dmlemu.desc.TensorDesc;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * RNN, GRU, LSTM: a random sequence length, batch, input and hidden size and direction, every present tensor sized by
 * the docs' formulas, A activations (tanh or sigmoid) per direction, an output sequence or single output
 * (docs/directml-behaviour.md §14.5).
 */
final class RecurrentNetworkShaper extends OperatorShaper {

    private final int gates;
    private final int activationsPerDirection;

    private RecurrentNetworkShaper(OperatorType type, int gates, int activationsPerDirection) {
        super(type);
        this.gates = gates;
        this.activationsPerDirection = activationsPerDirection;
    }

    static List<ProbeShaper> all() {
        return List.of(new RecurrentNetworkShaper(OperatorType.RNN, 1, 1),
                new RecurrentNetworkShaper(OperatorType.GRU, 3, 2),
                new RecurrentNetworkShaper(OperatorType.LSTM, 4, 3));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        RecurrentNetworkDirection direction = RecurrentNetworkDirection.values()[random.nextInt(3)];
        long d = direction == RecurrentNetworkDirection.BIDIRECTIONAL ? 2 : 1;
        long s = 1 + random.nextInt(3);
        long b = 1 + random.nextInt(3);
        long i = 1 + random.nextInt(3);
        long h = 1 + random.nextInt(3);
        Map<String, long[]> sizes = new LinkedHashMap<>();
        sizes.put("InputTensor", new long[] {1, s, b, i});
        sizes.put("WeightTensor", new long[] {1, d, gates * h, i});
        sizes.put("RecurrenceTensor", new long[] {1, d, gates * h, h});
        sizes.put("BiasTensor", new long[] {1, 1, d, 2 * gates * h});
        sizes.put("HiddenInitTensor", new long[] {1, d, b, h});
        sizes.put("CellMemInitTensor", new long[] {1, d, b, h});
        sizes.put("SequenceLengthsTensor", new long[] {1, 1, 1, b});
        sizes.put("PeepholeTensor", new long[] {1, 1, d, 3 * h});
        sizes.put("OutputSequenceTensor", new long[] {s, d, b, h});
        sizes.put("OutputSingleTensor", new long[] {1, d, b, h});
        sizes.put("OutputCellSingleTensor", new long[] {1, d, b, h});
        if (!(values.get("OutputSequenceTensor") instanceof BufferTensorDesc)
                && !(values.get("OutputSingleTensor") instanceof BufferTensorDesc)) {
            TensorDesc like = (TensorDesc) values.get("InputTensor");
            values.put("OutputSingleTensor", like);
        }
        sizes.forEach((field, shape) -> ProbeSizes.put(values, shape, field));
        List<OperatorDesc> activations = new ArrayList<>();
        for (long k = 0; k < activationsPerDirection * d; k++) {
            activations.add(random.nextBoolean() ? new ActivationTanhOperatorDesc(TensorDesc.NULL, TensorDesc.NULL)
                    : new ActivationSigmoidOperatorDesc(TensorDesc.NULL, TensorDesc.NULL));
        }
        values.put("Direction", direction);
        values.put("ActivationDescs", activations);
        values.put("ActivationDescCount", (long) activations.size());
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        int what = random.nextInt(4);
        if (what == 3) {
            List<OperatorDesc> activations = new ArrayList<>();
            for (Object activation : (List<?>) values.get("ActivationDescs")) {
                activations.add((OperatorDesc) activation);
            }
            activations.set(random.nextInt(activations.size()),
                    new ActivationSoftmaxOperatorDesc(TensorDesc.NULL, TensorDesc.NULL));
            values.put("ActivationDescs", activations);
            return Optional.of("an ACTIVATION_SOFTMAX among the activations");
        }
        if (what == 0) {
            List<OperatorDesc> activations = new ArrayList<>();
            for (Object activation : (List<?>) values.get("ActivationDescs")) {
                activations.add((OperatorDesc) activation);
            }
            activations.add(new ActivationTanhOperatorDesc(TensorDesc.NULL, TensorDesc.NULL));
            values.put("ActivationDescs", activations);
            values.put("ActivationDescCount", (long) activations.size());
            return Optional.of("ActivationDescCount " + activations.size());
        }
        if (what == 1) {
            values.put("OutputSequenceTensor", TensorDesc.NULL);
            values.put("OutputSingleTensor", TensorDesc.NULL);
            return Optional.of("no OutputSequenceTensor nor OutputSingleTensor");
        }
        List<String> present = new ArrayList<>();
        for (String field : List.of("WeightTensor", "RecurrenceTensor", "BiasTensor", "HiddenInitTensor",
                "OutputSequenceTensor", "OutputSingleTensor")) {
            if (values.get(field) instanceof BufferTensorDesc) {
                present.add(field);
            }
        }
        String field = present.get(random.nextInt(present.size()));
        long[] sizes = ProbeSizes.of((BufferTensorDesc) values.get(field));
        int at = random.nextInt(sizes.length);
        sizes[at] += 1;
        ProbeSizes.put(values, sizes, field);
        return Optional.of(field + ".Sizes[" + at + "] + 1");
    }
}
