package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.AveragePoolingGradOperatorDesc;
import dev.dmlemu.desc.MaxPoolingGradOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The pooling gradients (AVERAGE_POOLING_GRAD, MAX_POOLING_GRAD): the shared {@link PoolingShape} with
 * OutputGradientTensor (the forward input's gradient) in the input's place and InputGradientTensor (the forward
 * output's) in the output's; MAX_POOLING_GRAD also checks its window ({@link PoolingGradientWindow}), which
 * AVERAGE_POOLING_GRAD does not (docs/directml-behaviour.md §14.2).
 *
 * @param <D> the gradient's desc record
 */
final class PoolingGradShapeRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final ToLongFunction<D> dimensionCount;
    private final Function<D, Optional<PoolingGradientWindow>> checkedWindow;

    private PoolingGradShapeRules(OperatorType type, Class<D> descType, ToLongFunction<D> dimensionCount,
            Function<D, Optional<PoolingGradientWindow>> checkedWindow) {
        super(type, descType);
        this.dimensionCount = dimensionCount;
        this.checkedWindow = checkedWindow;
    }

    /** The two gradients' rules. */
    static List<ShapeRules<?>> all() {
        return List.of(
                new PoolingGradShapeRules<>(OperatorType.AVERAGE_POOLING_GRAD, AveragePoolingGradOperatorDesc.class,
                        AveragePoolingGradOperatorDesc::dimensionCount, desc -> Optional.empty()),
                new PoolingGradShapeRules<>(OperatorType.MAX_POOLING_GRAD, MaxPoolingGradOperatorDesc.class,
                        MaxPoolingGradOperatorDesc::dimensionCount, desc -> Optional.of(new PoolingGradientWindow(
                                desc.strides(), desc.windowSize(), desc.startPadding(), desc.endPadding(),
                                desc.dilations()))));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        long count = dimensionCount.applyAsLong(desc);
        List<Long> forwardInput = check.required("OutputGradientTensor").sizes();
        int spatial = forwardInput.size() - 2;
        Optional<PoolingGradientWindow> window = checkedWindow.apply(desc);
        // MAX_POOLING_GRAD also takes DimensionCount 3 over 4-D tensors, and then reads only the arrays' first two
        // entries (measured: the third may even be 0).
        long read = window.isPresent() && count == 3 && spatial == 2 ? spatial : count;
        PoolingShape.check(check, read, "OutputGradientTensor", "InputGradientTensor", Optional.empty());
        // The window arrays line up with the spatial dimensions only when DimensionCount counts them.
        if (read == spatial) {
            window.ifPresent(checked -> checked.check(check, forwardInput,
                    check.required("InputGradientTensor").sizes()));
        }
    }
}
