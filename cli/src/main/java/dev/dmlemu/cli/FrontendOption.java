package dev.dmlemu.cli;

import dev.dmlemu.lowering.Frontend;

/**
 * {@code --frontend onnx-13|onnx-11|openvino-6|onnx-gather-13|onnx-gather-11|onnx-gather-1|openvino-gather-1|
 * onnx-gathernd-13|onnx-gathernd-12|onnx-gathernd-11|onnx-scatterelements-18|16|13|11|onnx-scatternd-18|16|13|11}:
 * the framework operator {@code onnx} lowers (the first three are GatherElements, the next four Gather, the next
 * three GatherND, then ScatterElements and ScatterND, which take {@code --updates}).
 */
enum FrontendOption {
    ONNX_13("onnx-13", Frontend.ONNX_13),
    ONNX_11("onnx-11", Frontend.ONNX_11),
    OPENVINO_6("openvino-6", Frontend.OPENVINO_6),
    ONNX_GATHER_13("onnx-gather-13", Frontend.ONNX_GATHER_13),
    ONNX_GATHER_11("onnx-gather-11", Frontend.ONNX_GATHER_11),
    ONNX_GATHER_1("onnx-gather-1", Frontend.ONNX_GATHER_1),
    OPENVINO_GATHER_1("openvino-gather-1", Frontend.OPENVINO_GATHER_1),
    ONNX_GATHER_ND_13("onnx-gathernd-13", Frontend.ONNX_GATHER_ND_13),
    ONNX_GATHER_ND_12("onnx-gathernd-12", Frontend.ONNX_GATHER_ND_12),
    ONNX_GATHER_ND_11("onnx-gathernd-11", Frontend.ONNX_GATHER_ND_11),
    ONNX_SCATTER_ELEMENTS_18("onnx-scatterelements-18", Frontend.ONNX_SCATTER_ELEMENTS_18),
    ONNX_SCATTER_ELEMENTS_16("onnx-scatterelements-16", Frontend.ONNX_SCATTER_ELEMENTS_16),
    ONNX_SCATTER_ELEMENTS_13("onnx-scatterelements-13", Frontend.ONNX_SCATTER_ELEMENTS_13),
    ONNX_SCATTER_ELEMENTS_11("onnx-scatterelements-11", Frontend.ONNX_SCATTER_ELEMENTS_11),
    ONNX_SCATTER_ND_18("onnx-scatternd-18", Frontend.ONNX_SCATTER_ND_18),
    ONNX_SCATTER_ND_16("onnx-scatternd-16", Frontend.ONNX_SCATTER_ND_16),
    ONNX_SCATTER_ND_13("onnx-scatternd-13", Frontend.ONNX_SCATTER_ND_13),
    ONNX_SCATTER_ND_11("onnx-scatternd-11", Frontend.ONNX_SCATTER_ND_11);

    private final String spelling;
    private final Frontend frontend;

    FrontendOption(String spelling, Frontend frontend) {
        this.spelling = spelling;
        this.frontend = frontend;
    }

    Frontend frontend() {
        return frontend;
    }

    @Override
    public String toString() {
        return spelling;
    }

    /** picocli converter accepting the documented spellings. */
    static final class Converter implements picocli.CommandLine.ITypeConverter<FrontendOption> {
        @Override
        public FrontendOption convert(String value) {
            return SpelledOptions.parse(FrontendOption.class, value, "a frontend");
        }
    }
}
