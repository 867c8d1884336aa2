package io.jvortex.spi;

import io.jvortex.array.Canonical;
import io.jvortex.dtype.DType;
import java.util.Arrays;
import java.util.Objects;

/**
 * The parts of one segment that a take of some positions reads, planned over what was fetched of the
 * segment so far ({@link PointRanges}). Parts are byte ranges relative to the segment's start.
 *
 * <p>A planner names the parts its take reads ({@link #part}, {@link #buffer}, {@link #whole}),
 * delegates to its children ({@link #takeChild}), and when the plan depends on data reads it through
 * {@link #taken} or {@link #decoded}, which return null while the parts they need are missing.
 */
public final class TakePlan {
    private final EncodingLookup registry;
    private final DecodeContext ctx;
    private final long[] fetched;
    private long[] named = new long[16];
    private int namedCount;
    private int missingParts;

    /**
     * @param registry the encodings (which of them can plan)
     * @param ctx decoding services over the segment as fetched so far
     * @param fetched the fetched parts as start and end offsets in turn, ascending and disjoint
     */
    public TakePlan(EncodingLookup registry, DecodeContext ctx, long[] fetched) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.fetched = fetched.clone();
    }

    /** @return decoding services over the segment as fetched so far */
    public DecodeContext context() {
        return ctx;
    }

    /**
     * Names part of a buffer (clipped to the buffer).
     *
     * @param node the node
     * @param buffer the node's buffer index
     * @param offset first byte within the buffer
     * @param length bytes
     */
    public void part(ArrayNode node, int buffer, long offset, long length) {
        long size = node.buffer(buffer).byteSize();
        long from = Math.max(0, Math.min(offset, size));
        long to = Math.max(from, Math.min(size, length > size - from ? size : from + length));
        if (to > from) {
            long base = node.bufferStartInSegment(buffer);
            add(base + from, base + to);
        }
    }

    /**
     * Names a whole buffer.
     *
     * @param node the node
     * @param buffer the node's buffer index
     */
    public void buffer(ArrayNode node, int buffer) {
        part(node, buffer, 0, Long.MAX_VALUE);
    }

    /**
     * Names every buffer of a node and of all its descendants (what decoding it reads).
     *
     * @param node the node
     */
    public void whole(ArrayNode node) {
        for (int i = 0; i < node.bufferCount(); i++) {
            buffer(node, i);
        }
        for (int i = 0; i < node.childCount(); i++) {
            whole(node.child(i));
        }
    }

    /**
     * Names what {@link DecodeContext#take} of a node reads: its encoding's plan when the encoding
     * has both {@link PointAccess} and {@link PointRanges}, else the whole node.
     *
     * @param node the node
     * @param dtype its logical type
     * @param length its row count
     * @param indices positions, ascending
     */
    public void take(ArrayNode node, DType dtype, int length, int[] indices) {
        Encoding encoding = registry.find(node.encodingId());
        if (encoding instanceof PointAccess && encoding instanceof PointRanges ranges) {
            ranges.plan(node, dtype, length, indices, this);
        } else {
            whole(node);
        }
    }

    /**
     * Names what {@link DecodeContext#takeChild} reads.
     *
     * @param parent the parent node
     * @param index the child index
     * @param dtype the child's type
     * @param length the child's row count
     * @param indices positions, ascending
     */
    public void takeChild(ArrayNode parent, int index, DType dtype, int length, int[] indices) {
        take(parent.child(index), dtype, length, indices);
    }

    /**
     * Names what {@link DecodeContext#takeValidity} reads.
     *
     * @param parent the parent node
     * @param index the child index where validity would be
     * @param length the parent's rows
     * @param indices positions, ascending
     */
    public void takeValidity(ArrayNode parent, int index, int length, int[] indices) {
        if (index < parent.childCount()) {
            takeChild(parent, index, new DType.Bool(false), length, indices);
        }
    }

    /**
     * Names what a take of a node reads and, when all of it is fetched, takes.
     *
     * @param node the node
     * @param dtype its logical type
     * @param length its row count
     * @param indices positions, ascending
     * @return the rows, or null while parts they need are not fetched
     */
    public Canonical taken(ArrayNode node, DType dtype, int length, int[] indices) {
        int before = missingParts;
        take(node, dtype, length, indices);
        return missingParts == before ? ctx.take(node, dtype, length, indices) : null;
    }

    /**
     * Names a whole node and, when all of it is fetched, decodes it.
     *
     * @param node the node
     * @param dtype its logical type
     * @param length its row count
     * @return the decoded node, or null while parts of it are not fetched
     */
    public Canonical decoded(ArrayNode node, DType dtype, int length) {
        int before = missingParts;
        whole(node);
        return missingParts == before ? ctx.decode(node, dtype, length) : null;
    }

    /** @return whether every named part is fetched */
    public boolean complete() {
        return missingParts == 0;
    }

    /** @return the named parts, merged, as start and end offsets in turn */
    public long[] named() {
        return merge(Arrays.copyOf(named, namedCount));
    }

    /** @return the named parts not fetched yet, merged, as start and end offsets in turn */
    public long[] missing() {
        long[] parts = named();
        long[] out = new long[parts.length + fetched.length];
        int n = 0;
        for (int i = 0; i < parts.length; i += 2) {
            long from = parts[i];
            long to = parts[i + 1];
            for (int f = 0; f < fetched.length && from < to; f += 2) {
                if (fetched[f + 1] <= from) {
                    continue;
                }
                if (fetched[f] >= to) {
                    break;
                }
                if (fetched[f] > from) {
                    out = grow(out, n);
                    out[n++] = from;
                    out[n++] = fetched[f];
                }
                from = Math.max(from, fetched[f + 1]);
            }
            if (from < to) {
                out = grow(out, n);
                out[n++] = from;
                out[n++] = to;
            }
        }
        return Arrays.copyOf(out, n);
    }

    private static long[] grow(long[] a, int n) {
        return n + 2 <= a.length ? a : Arrays.copyOf(a, Math.max(16, 2 * a.length));
    }

    private void add(long from, long to) {
        if (!covered(from, to)) {
            missingParts++;
        }
        named = grow(named, namedCount);
        named[namedCount++] = from;
        named[namedCount++] = to;
    }

    private boolean covered(long from, long to) {
        for (int f = 0; f < fetched.length; f += 2) {
            if (fetched[f] <= from && to <= fetched[f + 1]) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param pairs start and end offsets in turn, any order
     * @return the union, ascending and disjoint (touching parts merged)
     */
    public static long[] merge(long[] pairs) {
        int n = pairs.length / 2;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(pairs[2 * a], pairs[2 * b]));
        long[] out = new long[2 * n];
        int m = 0;
        for (int k = 0; k < n; k++) {
            long from = pairs[2 * order[k]];
            long to = pairs[2 * order[k] + 1];
            if (m > 0 && from <= out[m - 1]) {
                out[m - 1] = Math.max(out[m - 1], to);
            } else {
                out[m++] = from;
                out[m++] = to;
            }
        }
        return Arrays.copyOf(out, m);
    }
}
