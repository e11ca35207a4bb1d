package dev.dmlemu.cli;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.model.FileValues;
import dev.dmlemu.desc.model.ModelFormatException;
import dev.dmlemu.desc.model.NpyFile;
import dev.dmlemu.desc.model.ResourceData;
import dev.dmlemu.desc.model.ResourceDecl;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/** The model's resources as little-endian byte buffers, like DxDispatch's committed buffers, by name. */
final class ResourceBuffers {

    /**
     * One resource: its bytes (padded to 4 or to {@code sizeInBytes}), its data type, and how many elements its
     * initializer gave ({@code print} shows that many).
     */
    record Resource(String name, TensorDataType dataType, ByteBuffer bytes, long initialElementCount) {}

    private final Map<String, Resource> byName;

    private ResourceBuffers(Map<String, Resource> byName) {
        this.byName = byName;
    }

    /**
     * Materializes every resource; a bad initializer or .npy file becomes exit code 2 naming it. The buffers' sizes
     * are added up from the declarations and .npy headers first, so a tiny file that declares gigabytes is refused
     * before anything is allocated.
     *
     * @param maxTotalBytes the most bytes all resources together may take
     */
    static ResourceBuffers materialize(ModelInput input, long maxTotalBytes) {
        Map<String, Long> counts = initialElementCounts(input);
        checkTotalSize(input, counts, maxTotalBytes);
        Map<String, Resource> byName = new LinkedHashMap<>();
        input.model().resources().forEach((name, decl) -> {
            try {
                ByteBuffer bytes = ResourceData.materialize(decl, input.baseDir());
                byName.put(name, new Resource(name, decl.initialValuesDataType(), bytes, counts.get(name)));
            } catch (ModelFormatException e) {
                throw unusable(input, name, e);
            }
        });
        return new ResourceBuffers(byName);
    }

    /** Each resource's initializer element count, from its declaration or its .npy header (read once here). */
    private static Map<String, Long> initialElementCounts(ModelInput input) {
        Map<String, Long> counts = new LinkedHashMap<>();
        input.model().resources().forEach((name, decl) -> {
            try {
                counts.put(name, decl.initialValues() instanceof FileValues file
                        ? NpyFile.readHeader(input.baseDir().resolve(file.sourcePath())).elementCount()
                        : ResourceData.initialElementCount(decl));
            } catch (ModelFormatException e) {
                throw unusable(input, name, e);
            }
        });
        return counts;
    }

    private static void checkTotalSize(ModelInput input, Map<String, Long> counts, long maxTotalBytes) {
        long total = 0;
        for (Map.Entry<String, ResourceDecl> entry : input.model().resources().entrySet()) {
            long size = plannedSize(entry.getValue(), counts.get(entry.getKey()));
            // Unsigned sizes at or above 2^63 are negative here: they exceed any limit.
            total = size < 0 || total + size < 0 ? -1 : total + size;
            if (total < 0 || total > maxTotalBytes) {
                throw CliFailure.unusableInput(input.path() + ": resources." + entry.getKey() + ": the resources need "
                        + (total < 0 ? "more than 2^63" : Long.toString(total)) + " bytes in all (sizeInBytes and"
                        + " initial values), more than the limit of " + maxTotalBytes + " bytes; raise it with"
                        + " --max-resource-bytes");
            }
        }
    }

    /**
     * A resource's buffer size from its declaration alone: max(data size, sizeInBytes). An .npy file's data size is
     * its element count times its item size, which the reader checked against the file.
     */
    private static long plannedSize(ResourceDecl decl, long elementCount) {
        long dataSize = (Math.multiplyExact(elementCount, (long) decl.initialValuesDataType().sizeInBits()) + 7) / 8;
        long declared = decl.sizeInBytes().orElse(0);
        return Long.compareUnsigned(declared, dataSize) > 0 ? declared : dataSize;
    }

    private static CliFailure unusable(ModelInput input, String resource, ModelFormatException e) {
        return CliFailure.unusableInput(input.path() + ": resources." + resource + ": " + e.describe());
    }

    Resource get(String name) {
        Resource resource = byName.get(name);
        if (resource == null) {
            throw CliFailure.unusableInput("no resource named '" + name + "' (defined: "
                    + String.join(", ", byName.keySet()) + ")");
        }
        return resource;
    }
}
