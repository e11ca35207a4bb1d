package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.GruOperatorDesc;
import dev.dmlemu.desc.LstmOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.RecurrentNetworkDirection;
import dev.dmlemu.desc.RnnOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * RNN, GRU and LSTM: every tensor's Sizes follow from InputTensor {@code [1, S, B, I]}, the direction count {@code D}
 * and the hidden size {@code H} (RecurrenceTensor's last size), with {@code G} gates (1, 3, 4); ActivationDescCount is
 * {@code A * D} ({@code A} = 1, 2, 3); an output sequence or single output is given (their docs pages; measured on
 * DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5); every activation is an element-wise one without tensors
 * of its own, in any slot.
 *
 * @param <D> the operator's desc record
 */
public final class RecurrentNetworkRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final int gates;
    private final int activationsPerDirection;
    private final ToLongFunction<D> activationCount;
    private final Function<D, List<OperatorDesc>> activations;
    private final Function<D, RecurrentNetworkDirection> direction;

    private RecurrentNetworkRules(OperatorType type, Class<D> descType, int gates, int activationsPerDirection,
            ToLongFunction<D> activationCount, Function<D, List<OperatorDesc>> activations,
            Function<D, RecurrentNetworkDirection> direction) {
        super(type, descType);
        this.gates = gates;
        this.activationsPerDirection = activationsPerDirection;
        this.activationCount = activationCount;
        this.activations = activations;
        this.direction = direction;
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new RecurrentNetworkRules<>(OperatorType.RNN, RnnOperatorDesc.class, 1, 1,
                        RnnOperatorDesc::activationDescCount, RnnOperatorDesc::activationDescs, RnnOperatorDesc::direction),
                new RecurrentNetworkRules<>(OperatorType.GRU, GruOperatorDesc.class, 3, 2,
                        GruOperatorDesc::activationDescCount, GruOperatorDesc::activationDescs, GruOperatorDesc::direction),
                new RecurrentNetworkRules<>(OperatorType.LSTM, LstmOperatorDesc.class, 4, 3,
                        LstmOperatorDesc::activationDescCount, LstmOperatorDesc::activationDescs, LstmOperatorDesc::direction));
    }

    /** The activations DirectML.dll 1.15.4 accepts in ActivationDescs: the element-wise ones without tensors. */
    static final Set<OperatorType> ACCEPTED_ACTIVATIONS = EnumSet.of(OperatorType.ACTIVATION_ELU,
            OperatorType.ACTIVATION_HARD_SIGMOID, OperatorType.ACTIVATION_IDENTITY, OperatorType.ACTIVATION_LEAKY_RELU,
            OperatorType.ACTIVATION_LINEAR, OperatorType.ACTIVATION_PARAMETRIC_SOFTPLUS, OperatorType.ACTIVATION_RELU,
            OperatorType.ACTIVATION_SCALED_ELU, OperatorType.ACTIVATION_SCALED_TANH, OperatorType.ACTIVATION_SIGMOID,
            OperatorType.ACTIVATION_SOFTPLUS, OperatorType.ACTIVATION_SOFTSIGN, OperatorType.ACTIVATION_TANH,
            OperatorType.ACTIVATION_THRESHOLDED_RELU, OperatorType.ACTIVATION_SHRINK, OperatorType.ACTIVATION_CELU,
            OperatorType.ACTIVATION_GELU, OperatorType.ACTIVATION_SWISH, OperatorType.ACTIVATION_HARD_SWISH);

    static long directions(RecurrentNetworkDirection direction) {
        return direction == RecurrentNetworkDirection.BIDIRECTIONAL ? 2 : 1;
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        long d = directions(direction.apply(desc));
        long count = activationCount.applyAsLong(desc);
        if (count != activationsPerDirection * d) {
            check.report(RuleId.FIELD_VALUE_UNSUPPORTED, "ActivationDescCount", "ActivationDescCount " + count
                    + " must be " + activationsPerDirection + " per direction, " + activationsPerDirection * d);
        }
        List<OperatorDesc> given = activations.apply(desc);
        for (int i = 0; i < given.size(); i++) {
            if (!ACCEPTED_ACTIVATIONS.contains(given.get(i).operatorType())) {
                check.report(RuleId.RECURRENT_ACTIVATION_UNSUPPORTED, "ActivationDescs[" + i + "]",
                        given.get(i).operatorType().cName() + " is not an element-wise activation without tensors");
            }
        }
        if (check.tensor("OutputSequenceTensor").isEmpty() && check.tensor("OutputSingleTensor").isEmpty()) {
            check.report(RuleId.NO_OUTPUT, "OutputSequenceTensor", "NULL, and so is OutputSingleTensor");
        }
        List<Long> input = check.required("InputTensor").sizes();
        List<Long> recurrence = check.required("RecurrenceTensor").sizes();
        long s = input.get(1);
        long b = input.get(2);
        long h = recurrence.get(3);
        long gatesH = Math.multiplyExact(gates, h);
        Map<String, List<Long>> expected = new LinkedHashMap<>();
        expected.put("InputTensor", List.of(1L, s, b, input.get(3)));
        expected.put("WeightTensor", List.of(1L, d, gatesH, input.get(3)));
        expected.put("RecurrenceTensor", List.of(1L, d, gatesH, h));
        expected.put("BiasTensor", List.of(1L, 1L, d, Math.multiplyExact(2, gatesH)));
        expected.put("HiddenInitTensor", List.of(1L, d, b, h));
        expected.put("CellMemInitTensor", List.of(1L, d, b, h));
        expected.put("SequenceLengthsTensor", List.of(1L, 1L, 1L, b));
        expected.put("PeepholeTensor", List.of(1L, 1L, d, Math.multiplyExact(3, h)));
        expected.put("OutputSequenceTensor", List.of(s, d, b, h));
        expected.put("OutputSingleTensor", List.of(1L, d, b, h));
        expected.put("OutputCellSingleTensor", List.of(1L, d, b, h));
        expected.forEach((field, sizes) -> check.tensor(field).ifPresent(tensor -> {
            if (!tensor.sizes().equals(sizes)) {
                check.report(RuleId.SIZES_MISMATCH, field + ".Sizes", "Sizes " + tensor.sizes() + " must be "
                        + sizes + " (S, B, I from InputTensor, H from RecurrenceTensor, " + d + " direction(s))");
            }
        }));
    }
}
