package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.ConvolutionDirection;
import dev.dmlemu.desc.ConvolutionOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.Optional;

/** CONVOLUTION, both directions: the shared {@link ConvolutionShape} (docs/directml-behaviour.md §14.2). */
final class ConvolutionShapeRules extends OperatorShapeRules<ConvolutionOperatorDesc> {

    ConvolutionShapeRules() {
        super(OperatorType.CONVOLUTION, ConvolutionOperatorDesc.class);
    }

    @Override
    public void check(ConvolutionOperatorDesc desc, ShapeCheck check) {
        new ConvolutionShape(desc.dimensionCount(), desc.outputPadding(), desc.groupCount(),
                desc.direction() == ConvolutionDirection.BACKWARD)
                .check(check, ConvolutionOperatorDesc.INPUT_TENSOR, ConvolutionOperatorDesc.FILTER_TENSOR,
                        Optional.of(ConvolutionOperatorDesc.BIAS_TENSOR), ConvolutionOperatorDesc.OUTPUT_TENSOR);
    }
}
