package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ElementWiseAbsOperatorDesc;
import dev.dmlemu.desc.ElementWiseClip1OperatorDesc;
import dev.dmlemu.desc.ElementWiseClipOperatorDesc;
import dev.dmlemu.desc.ElementWiseIdentityOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * ELEMENT_WISE_IDENTITY, ELEMENT_WISE_ABS, ELEMENT_WISE_CLIP and ELEMENT_WISE_CLIP1 take 64-bit tensors (FLOAT64,
 * INT64, UINT64), but then their ScaleBias must be absent or the identity (Scale 1, Bias 0): CreateOperator refuses
 * any other, NaN included, with E_INVALIDARG, and takes every ScaleBias with the other data types. Their tables and
 * constraint lines say everything else: CLIP1's MinMaxDataType need not be the tensors' type, unlike CLIP_GRAD1's
 * (measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.6).
 *
 * @param <D> the operator's desc record
 */
final class IdentityScaleBiasOn64Bit<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private static final Set<TensorDataType> SIXTY_FOUR_BIT = Set.of(TensorDataType.FLOAT64, TensorDataType.INT64,
            TensorDataType.UINT64);
    private static final ScaleBias IDENTITY = new ScaleBias(1f, 0f);

    private final Function<D, Optional<ScaleBias>> scaleBias;

    private IdentityScaleBiasOn64Bit(OperatorType type, Class<D> descType, Function<D, Optional<ScaleBias>> scaleBias) {
        super(type, descType);
        this.scaleBias = scaleBias;
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new IdentityScaleBiasOn64Bit<>(OperatorType.ELEMENT_WISE_IDENTITY,
                        ElementWiseIdentityOperatorDesc.class, ElementWiseIdentityOperatorDesc::scaleBias),
                new IdentityScaleBiasOn64Bit<>(OperatorType.ELEMENT_WISE_ABS, ElementWiseAbsOperatorDesc.class,
                        ElementWiseAbsOperatorDesc::scaleBias),
                new IdentityScaleBiasOn64Bit<>(OperatorType.ELEMENT_WISE_CLIP, ElementWiseClipOperatorDesc.class,
                        ElementWiseClipOperatorDesc::scaleBias),
                new IdentityScaleBiasOn64Bit<>(OperatorType.ELEMENT_WISE_CLIP1, ElementWiseClip1OperatorDesc.class,
                        ElementWiseClip1OperatorDesc::scaleBias));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        Optional<ScaleBias> given = scaleBias.apply(desc);
        // equals on the record compares the floats bit for bit: -0 and NaN are not the identity, as measured for NaN.
        if (SIXTY_FOUR_BIT.contains(input.dataType()) && given.isPresent() && !given.get().equals(IDENTITY)) {
            check.report(RuleId.FIELD_VALUE_UNSUPPORTED, "ScaleBias", "with " + input.dataType().cName()
                    + " tensors ScaleBias must be absent or Scale 1, Bias 0; got Scale " + given.get().scale()
                    + ", Bias " + given.get().bias());
        }
    }
}
