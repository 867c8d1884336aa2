package io.jvortex.internal.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import io.jvortex.internal.format.TreeLimits;
import io.jvortex.internal.flatbuffers.FbBuilder;
import io.jvortex.internal.flatbuffers.FbTable;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Layout bombs: a footer of a few kilobytes whose chunked layouts share one child table (a graph
 * describing a billion nodes), a layout nested deeper than {@link LayoutParser#MAX_DEPTH}, and row
 * counts that overflow. Each is refused at open with a {@link VortexException} naming the place,
 * having allocated little.
 */
class LayoutBombTest {
    private static final DType I64 = new DType.Primitive(PType.I64, false);
    private static final List<String> IDS = List.of("vortex.flat", "vortex.chunked");

    private static int flat(FbBuilder fb, long rows) {
        int seg = fb.createU32Vector(new long[] {0});
        fb.startTable(5);
        fb.addShort(0, 0, 0);
        fb.addLong(1, rows, 0);
        fb.addOffset(4, seg);
        return fb.endTable();
    }

    private static int chunked(FbBuilder fb, long rows, int[] children) {
        int vec = fb.createOffsetVector(children);
        fb.startTable(5);
        fb.addShort(0, 1, 0);
        fb.addLong(1, rows, 0);
        fb.addOffset(3, vec);
        return fb.endTable();
    }

    private static Layout parse(FbBuilder fb, int root) {
        byte[] blob = fb.finish(root);
        FbTable table = FbTable.root(MemorySegment.ofArray(blob), new FbTable.Origin("bomb.vortex", 0, "layout"));
        return new LayoutParser("bomb.vortex", IDS, 1).parse(table, I64);
    }

    private static long heapAllocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @Test
    void chunkedLayoutsSharingOneChildAreRefused() {
        FbBuilder fb = new FbBuilder();
        int node = flat(fb, 0);
        // three levels of 1000 children, all the same table: 10^9 leaves in about 12 KB
        for (int level = 0; level < 3; level++) {
            int[] children = new int[1000];
            Arrays.fill(children, node);
            node = chunked(fb, 0, children);
        }
        int root = node;
        long before = heapAllocated();
        assertThatThrownBy(() -> parse(fb, root)).isInstanceOf(VortexException.class)
                .hasMessageContaining("bomb.vortex").hasMessageContaining("is the child of two parents")
                .hasMessageContaining("root/chunk[0]/chunk[0]/chunk[1]");
        assertThat(heapAllocated() - before).as("heap bytes allocated").isLessThan(16L << 20);
    }

    @Test
    void aLayoutDeeperThanTheCapIsRefused() {
        FbBuilder fb = new FbBuilder();
        int node = flat(fb, 5);
        for (int d = 0; d < LayoutParser.MAX_DEPTH + 10; d++) {
            node = chunked(fb, 5, new int[] {node});
        }
        int root = node;
        assertThatThrownBy(() -> parse(fb, root)).isInstanceOf(VortexException.class)
                .hasMessageContaining("layout tree deeper than " + LayoutParser.MAX_DEPTH);
    }

    @Test
    void theDepthAndNodeCapsAreTheCallersToRaiseOrLower() {
        FbBuilder fb = new FbBuilder();
        int node = flat(fb, 5);
        for (int d = 0; d < 100; d++) {
            node = chunked(fb, 5, new int[] {node});
        }
        byte[] blob = fb.finish(node);
        FbTable table = FbTable.root(MemorySegment.ofArray(blob), new FbTable.Origin("deep.vortex", 0, "layout"));
        Layout deep = new LayoutParser("deep.vortex", IDS, 1, new TreeLimits(100, 101)).parse(table, I64);
        int depth = 0;
        for (Layout l = deep; !l.children().isEmpty(); l = l.children().getFirst()) {
            depth++;
        }
        assertThat(depth).isEqualTo(100);
        assertThatThrownBy(() -> new LayoutParser("deep.vortex", IDS, 1, new TreeLimits(99, 1000)).parse(table, I64))
                .isInstanceOf(VortexException.class).hasMessageContaining("layout tree deeper than 99");
        assertThatThrownBy(() -> new LayoutParser("deep.vortex", IDS, 1, new TreeLimits(200, 100)).parse(table, I64))
                .isInstanceOf(VortexException.class).hasMessageContaining("layout tree has more than 100 nodes");
    }

    @Test
    void chunkRowCountsThatOverflowAreRefused() {
        FbBuilder fb = new FbBuilder();
        int a = flat(fb, Long.MAX_VALUE);
        int b = flat(fb, Long.MAX_VALUE);
        int root = chunked(fb, 1, new int[] {a, b});
        assertThatThrownBy(() -> parse(fb, root)).isInstanceOf(VortexException.class)
                .hasMessageContaining("chunk row counts overflow");
    }

    @Test
    void aWellFormedChunkedLayoutStillParses() {
        FbBuilder fb = new FbBuilder();
        int a = flat(fb, 3);
        int b = flat(fb, 4);
        Layout l = parse(fb, chunked(fb, 7, new int[] {a, b}));
        assertThat(l).isInstanceOf(Layout.Chunked.class);
        assertThat(l.rowCount()).isEqualTo(7);
    }
}
