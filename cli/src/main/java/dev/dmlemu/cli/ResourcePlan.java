package dev.dmlemu.cli;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.FileValues;
import dev.dmlemu.model.JsonPath;
import dev.dmlemu.model.ModelFormatException;
import dev.dmlemu.model.NpyFile;
import dev.dmlemu.model.RawFile;
import dev.dmlemu.model.ResourceData;
import dev.dmlemu.model.ResourceDecl;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Each resource's data type, element count and buffer size, worked out from the declarations and {@code .npy} headers
 * before any buffer is allocated, so that a small file that declares gigabytes is refused first. A run's commands are
 * checked against this plan (bindings, prints, written files) before the first one runs.
 *
 * @param resources by name, in file order
 */
record ResourcePlan(Map<String, Planned> resources) {

    /**
     * One resource.
     *
     * @param initialElementCount how many elements its initializer gave ({@code print} and {@code writeFile} show
     *     that many)
     * @param bufferBytes its buffer's size: max(data size, sizeInBytes) rounded up to 4, as DxDispatch pads it
     */
    record Planned(String name, TensorDataType dataType, long initialElementCount, long bufferBytes) {

        /** Whole elements the buffer holds from its start (bytes for a list initializer's UNKNOWN type). */
        long capacityElements() {
            return dataType == TensorDataType.UNKNOWN ? bufferBytes : bufferBytes * 8 / dataType.sizeInBits();
        }
    }

    /**
     * @throws CliFailure exit code 2 naming the resource, for a bad {@code .npy} file or sizes beyond
     *     {@code --max-resource-bytes} or the heap
     */
    static ResourcePlan of(ModelInput input, ModelReading reading) {
        Map<String, Planned> resources = new LinkedHashMap<>();
        long total = 0;
        for (Map.Entry<String, ResourceDecl> entry : input.model().resources().entrySet()) {
            String name = entry.getKey();
            ResourceDecl decl = entry.getValue();
            long count = initialElementCount(input, name, decl);
            long bufferBytes = bufferBytes(input, name, decl, count);
            // Unsigned sizes at or above 2^63 are negative here: they exceed any limit.
            total = bufferBytes < 0 || total + bufferBytes < 0 ? Long.MAX_VALUE : total + bufferBytes;
            Optional<String> refusal = reading.resourceBytesRefusal(total);
            if (refusal.isPresent()) {
                throw input.problemAt(JsonPath.child("resources", name), "the resources need "
                        + (total == Long.MAX_VALUE ? "more than 2^63" : Long.toString(total)) + " bytes up to this"
                        + " one (sizeInBytes and initial values): " + refusal.get());
            }
            resources.put(name, new Planned(name, decl.initialValuesDataType(), count, bufferBytes));
        }
        return new ResourcePlan(Collections.unmodifiableMap(resources));
    }

    /** The initializer's element count, from the declaration or the file (a {@code .npy} header, a raw size). */
    private static long initialElementCount(ModelInput input, String name, ResourceDecl decl) {
        if (!(decl.initialValues() instanceof FileValues file)) {
            return ResourceData.initialElementCount(decl);
        }
        try {
            Path path = input.sources().locate(file.sourcePath());
            if (!file.isNpy()) {
                TensorDataType type = decl.initialValuesDataType();
                return RawFile.elementCount(RawFile.dataSize(path, file.sourcePath(), type), type);
            }
            return NpyFile.readHeader(path).elementCount();
        } catch (ModelFormatException e) {
            throw input.problemAt(JsonPath.child(JsonPath.child(JsonPath.child("resources", name), "initialValues"),
                    "sourcePath"), e.detail());
        }
    }

    /**
     * max(data size, sizeInBytes) rounded up to 4, once the data at its offset fits (the file's size is known only
     * now for a file initializer); -1 when that is 2^63 or more.
     */
    private static long bufferBytes(ModelInput input, String name, ResourceDecl decl, long count) {
        long dataBytes;
        try {
            dataBytes = decl.initialValuesDataType() == TensorDataType.UNKNOWN ? count
                    : ResourceData.dataSizeInBytes(decl.initialValuesDataType(), count);
        } catch (ArithmeticException e) {
            return -1;
        }
        String problem = ResourceData.sizeProblem(decl, dataBytes);
        if (problem != null) {
            throw input.problemAt(JsonPath.child("resources", name), problem);
        }
        long rounded = ResourceData.bufferSize(decl, dataBytes);
        if (rounded > Integer.MAX_VALUE - 8) {
            throw input.problemAt(JsonPath.child("resources", name), "a buffer of " + rounded + " bytes exceeds"
                    + " the 2 GiB one resource can hold here");
        }
        return rounded;
    }

    Planned get(String name) {
        Planned planned = resources.get(name);
        if (planned == null) {
            throw new IllegalArgumentException("no resource named '" + name + "'"); // the reader checked every name
        }
        return planned;
    }
}
