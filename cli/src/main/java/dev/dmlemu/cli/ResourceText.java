package dev.dmlemu.cli;

import dev.dmlemu.model.ElementValues;
import java.io.PrintWriter;

/** DxDispatch's {@code print} command, written value by value: a resource can hold millions. */
final class ResourceText {

    private ResourceText() {}

    /** {@code Resource 'Y': 4, 8, 3, 7, 2, 3}, or one {@code [i] value (0xBITS)} line per
     * element when verbose, the index and bits padded as DxDispatch pads them. */
    static void print(PrintWriter out, ResourceBuffers.Resource resource, long count, boolean verbose) {
        String name = OneLine.of(resource.name());
        if (verbose) {
            out.println("Resource '" + name + "':");
            // DxDispatch pads the index to the digits of the element count: "[ 7] ", "[10] ".
            String index = "[%" + Long.toString(Math.max(count, 1)).length() + "d] ";
            for (long i = 0; i < count; i++) {
                out.println(String.format(index, i) + ElementValues.printText(resource.dataType(), resource.bytes(), i)
                        + " (" + ElementValues.hex(resource.dataType(), resource.bytes(), i) + ")");
            }
            return;
        }
        out.print("Resource '" + name + "': ");
        for (long i = 0; i < count; i++) {
            if (i > 0) {
                out.print(", ");
            }
            out.print(ElementValues.printText(resource.dataType(), resource.bytes(), i));
        }
        out.println();
    }
}
