package io.jvortex.internal.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import io.jvortex.internal.flatbuffers.FbBuilder;
import io.jvortex.internal.flatbuffers.FbTable;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DType bombs in a footer: structs whose fields all point at one table (a few kilobytes describing a
 * billion fields) and types nested deeper than {@link DTypeFlatbuffers#MAX_DEPTH} are refused with a
 * {@link VortexException}, having allocated little.
 */
class DTypeBombTest {
    private static int dtype(FbBuilder fb, int tag, int value) {
        fb.startTable(2);
        fb.addByte(0, tag, 0);
        fb.addOffset(1, value);
        return fb.endTable();
    }

    private static int i64(FbBuilder fb) {
        fb.startTable(2);
        fb.addByte(0, PType.I64.id(), 0);
        int primitive = fb.endTable();
        return dtype(fb, 3, primitive);
    }

    private static int struct(FbBuilder fb, int[] names, int[] fields) {
        int nameVector = fb.createOffsetVector(names);
        int fieldVector = fb.createOffsetVector(fields);
        fb.startTable(3);
        fb.addOffset(0, nameVector);
        fb.addOffset(1, fieldVector);
        return dtype(fb, 7, fb.endTable());
    }

    private static int list(FbBuilder fb, int element) {
        fb.startTable(2);
        fb.addOffset(0, element);
        return dtype(fb, 8, fb.endTable());
    }

    private static DType read(FbBuilder fb, int root) {
        byte[] blob = fb.finish(root);
        return DTypeFlatbuffers.read(FbTable.root(MemorySegment.ofArray(blob),
                new FbTable.Origin("bomb.vortex", 0, "dtype")));
    }

    private static long heapAllocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @Test
    void structsSharingOneFieldTableAreRefused() {
        FbBuilder fb = new FbBuilder();
        int node = i64(fb);
        for (int level = 0; level < 3; level++) {
            int[] names = new int[1000];
            for (int i = 0; i < names.length; i++) {
                names[i] = fb.createString("f" + level + "_" + i);
            }
            int[] fields = new int[1000];
            Arrays.fill(fields, node);
            node = struct(fb, names, fields);
        }
        int root = node;
        long before = heapAllocated();
        assertThatThrownBy(() -> read(fb, root)).isInstanceOf(VortexException.class)
                .hasMessageContaining("bomb.vortex").hasMessageContaining("is reached twice");
        assertThat(heapAllocated() - before).as("heap bytes allocated").isLessThan(16L << 20);
    }

    @Test
    void aDTypeDeeperThanTheCapIsRefused() {
        FbBuilder fb = new FbBuilder();
        int node = i64(fb);
        for (int d = 0; d < DTypeFlatbuffers.MAX_DEPTH + 10; d++) {
            node = list(fb, node);
        }
        int root = node;
        assertThatThrownBy(() -> read(fb, root)).isInstanceOf(VortexException.class)
                .hasMessageContaining("dtype nested deeper than " + DTypeFlatbuffers.MAX_DEPTH);
    }

    @Test
    void theDepthCapIsTheCallersToRaiseOrLower() {
        FbBuilder fb = new FbBuilder();
        int node = i64(fb);
        for (int d = 0; d < 100; d++) {
            node = list(fb, node);
        }
        byte[] blob = fb.finish(node);
        FbTable table = FbTable.root(MemorySegment.ofArray(blob), new FbTable.Origin("deep.vortex", 0, "dtype"));
        DType deep = DTypeFlatbuffers.read(table, 100);
        int depth = 0;
        for (DType t = deep; t instanceof DType.List l; t = l.element()) {
            depth++;
        }
        assertThat(depth).isEqualTo(100);
        assertThatThrownBy(() -> DTypeFlatbuffers.read(table, 99)).isInstanceOf(VortexException.class)
                .hasMessageContaining("dtype nested deeper than 99");
    }

    @Test
    void aWellFormedStructStillReads() {
        FbBuilder fb = new FbBuilder();
        int a = i64(fb);
        int b = list(fb, i64(fb));
        int root = struct(fb, new int[] {fb.createString("a"), fb.createString("b")}, new int[] {a, b});
        assertThat(read(fb, root)).isEqualTo(new DType.Struct(List.of("a", "b"), List.of(
                new DType.Primitive(PType.I64, false), new DType.List(new DType.Primitive(PType.I64, false), false)),
                false));
    }
}
