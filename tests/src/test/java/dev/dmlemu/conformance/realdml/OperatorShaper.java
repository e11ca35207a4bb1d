package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.OperatorType;

/** What every operator's shaper holds alike: the operator it shapes. A subclass brings its drawing and breaking. */
abstract class OperatorShaper implements ProbeShaper {

    private final OperatorType operatorType;

    OperatorShaper(OperatorType operatorType) {
        this.operatorType = operatorType;
    }

    @Override
    public final OperatorType operatorType() {
        return operatorType;
    }
}
