package io.jvortex.api;

import io.jvortex.dtype.DType;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One node of a file's layout tree, as {@link VortexReader#layout()} describes it: which layout it is,
 * where it sits, what it holds, the segments it reads and its children. A read-only description; it
 * never decodes data.
 *
 * @param id the layout id as stored in the file, e.g. {@code vortex.flat}, {@code vortex.zoned}
 * @param path where the node sits, e.g. {@code root.price/chunk[3]}
 * @param dtype the dtype of the rows it holds
 * @param rowCount the rows it covers
 * @param segments the segments this node reads itself (children's not included)
 * @param properties layout-specific facts as text, e.g. {@code zone_length} of a zoned layout,
 *        {@code codes_type} of a dictionary; empty for most layouts
 * @param children the child layouts in file order
 */
public record LayoutInfo(String id, String path, DType dtype, long rowCount, List<SegmentInfo> segments,
                         Map<String, String> properties, List<LayoutInfo> children) {
    /** Validates and copies. */
    public LayoutInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(dtype, "dtype");
        segments = List.copyOf(segments);
        properties = Map.copyOf(properties);
        children = List.copyOf(children);
    }

    /**
     * @param id a layout id
     * @return the nodes of this subtree (this one included) with that id, in depth-first file order
     */
    public List<LayoutInfo> find(String id) {
        List<LayoutInfo> out = new java.util.ArrayList<>();
        collect(this, id, out);
        return List.copyOf(out);
    }

    private static void collect(LayoutInfo node, String id, List<LayoutInfo> out) {
        if (node.id.equals(id)) {
            out.add(node);
        }
        for (LayoutInfo child : node.children) {
            collect(child, id, out);
        }
    }
}
