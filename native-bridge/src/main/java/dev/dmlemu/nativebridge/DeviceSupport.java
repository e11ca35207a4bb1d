package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.ValidatedOperator;

/** Whether a DirectML device can prepare a validated operator: one check for both transports. */
final class DeviceSupport {

    private DeviceSupport() {
    }

    /**
     * @throws OperatorExecutionException naming the field when the operator was validated above the device's level,
     *     uses a data type the device lacks (FLOAT16 on the Wine CPU device), or an OWNED_BY_DML tensor; NULL
     *     optional tensors are skipped
     */
    static void check(ValidatedOperator operator, DeviceInfo device) {
        String op = operator.desc().operatorType().cName();
        if (device.maxFeatureLevel().isBelow(operator.featureLevel())) {
            throw new OperatorExecutionException(op + " was validated at " + operator.featureLevel().cName()
                    + " but the device supports only " + device.maxFeatureLevel().cName()
                    + "; validate at the device's level");
        }
        for (TensorField field : operator.desc().tensorFields()) {
            // A NULL optional tensor has no data type and is bound to nothing; validation refused any other desc.
            if (!(field.desc() instanceof BufferTensorDesc tensor)) {
                continue;
            }
            if (!device.supportedDataTypes().contains(tensor.dataType())) {
                throw new OperatorExecutionException(op + " " + field.name() + ".DataType: "
                        + tensor.dataType().cName() + " is not supported by this device ("
                        + device.adapterDescription() + ", CheckFeatureSupport "
                        + "DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT)");
            }
            if (tensor.flags() == TensorFlags.OWNED_BY_DML) {
                throw new OperatorExecutionException(op + " " + field.name() + ".Flags: "
                        + TensorFlags.OWNED_BY_DML.cName() + " is not supported by the " + DirectMlBackend.NAME
                        + " backend (its data would have to be bound at initialization)");
            }
        }
    }
}
