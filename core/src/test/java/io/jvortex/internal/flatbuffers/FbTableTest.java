package io.jvortex.internal.flatbuffers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * {@link FbTable} over hand-laid blobs: every bounds check at its exact limit (the last accepted and
 * the first refused byte), the error's absolute offset, and unsigned reads of high-bit values.
 */
class FbTableTest {
    /** The blob starts at this file offset: errors report {@code BASE + relative offset}. */
    private static final long BASE = 1000;
    private static final FbTable.Origin ORIGIN = new FbTable.Origin("t.vortex", BASE, "footer");

    /** A little-endian scratch blob. */
    private static ByteBuffer blob(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static FbTable root(ByteBuffer b) {
        return FbTable.root(MemorySegment.ofArray(b.array()), ORIGIN);
    }

    /**
     * A blob with a vtable at 4 listing {@code fields} field offsets, the root table at
     * {@code 4 + vtLen} (rounded up to 4), and {@code tableBytes} bytes of table after its soffset.
     *
     * @return the buffer; the table starts at {@link #tablePos}
     */
    private static ByteBuffer table(int[] fieldOffsets, int tableBytes, int extra) {
        int vtLen = 4 + 2 * fieldOffsets.length;
        int pos = tablePos(fieldOffsets.length);
        ByteBuffer b = blob(pos + 4 + tableBytes + extra);
        b.putInt(0, pos);
        b.putShort(4, (short) vtLen);
        b.putShort(6, (short) (4 + tableBytes));
        for (int i = 0; i < fieldOffsets.length; i++) {
            b.putShort(8 + 2 * i, (short) fieldOffsets[i]);
        }
        b.putInt(pos, pos - 4);
        return b;
    }

    private static int tablePos(int fields) {
        return (4 + 4 + 2 * fields + 3) & ~3;
    }

    @Test
    void aBlobOfEightBytesIsTheSmallestRootAndSevenAreRefused() {
        // root offset 4; the table's soffset 4 points at byte 0, whose u16 (4) is a valid empty vtable
        ByteBuffer b = blob(8);
        b.putInt(0, 4);
        b.putInt(4, 4);
        FbTable t = root(b);
        assertThat(t.has(0)).isFalse();
        assertThat(t.absoluteOffset()).isEqualTo(BASE + 4);
        assertThat(t.origin()).isSameAs(ORIGIN);

        assertThatThrownBy(() -> FbTable.root(MemorySegment.ofArray(new byte[7]), ORIGIN))
                .isInstanceOfSatisfying(VortexException.class, e -> {
                    assertThat(e.byteOffset()).isEqualTo(BASE);
                    assertThat(e.problem()).isEqualTo("flatbuffer of 7 bytes is too short");
                    assertThat(e.contextPath()).isEqualTo("footer");
                    assertThat(e.source()).isEqualTo("t.vortex");
                });
    }

    @Test
    void theRootTableMustLeaveFourBytesForItsSoffset() {
        ByteBuffer b = blob(16);
        b.putInt(0, 13);
        assertThatThrownBy(() -> root(b)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.byteOffset()).isEqualTo(BASE + 13);
            assertThat(e.problem()).isEqualTo("table offset 13 outside the 16-byte flatbuffer");
        });
        // at 12 the soffset fits: 12 - 8 = 4 names the vtable at 4
        b.putInt(0, 12);
        b.putShort(4, (short) 4);
        b.putInt(12, 8);
        assertThat(root(b).absoluteOffset()).isEqualTo(BASE + 12);
        // an offset read as unsigned: 0xFFFFFFFF is far outside, not -1
        b.putInt(0, -1);
        assertThatThrownBy(() -> root(b)).isInstanceOf(VortexException.class)
                .hasMessageContaining("table offset 4294967295 outside");
    }

    @Test
    void theVtableMustLieInsideTheBlob() {
        ByteBuffer b = blob(16);
        b.putInt(0, 8);
        b.putInt(8, 9); // vtable at -1
        assertThatThrownBy(() -> root(b)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.byteOffset()).isEqualTo(BASE + 8);
            assertThat(e.problem()).isEqualTo("vtable offset -1 outside the 16-byte flatbuffer");
        });
        b.putInt(8, -5); // vtable at 13: its 4 bytes would end at 17
        assertThatThrownBy(() -> root(b)).isInstanceOf(VortexException.class)
                .hasMessageContaining("vtable offset 13 outside the 16-byte flatbuffer");
        b.putInt(8, -4); // vtable at 12, ending at 16 exactly: its length (0) is what is wrong
        assertThatThrownBy(() -> root(b)).isInstanceOf(VortexException.class)
                .hasMessageContaining("invalid vtable length 0");
        b.putInt(8, 8); // vtable at 0, the root offset's low bytes: length 8
        b.putShort(2, (short) 0);
        assertThat(root(b).has(0)).isFalse();
    }

    @Test
    void vtableLengthsMustBeEvenAtLeastFourAndInside() {
        ByteBuffer b = table(new int[] {4}, 4, 0);
        int pos = tablePos(1);
        for (int bad : new int[] {0, 2, 3, 5, 7}) {
            b.putShort(4, (short) bad);
            assertThatThrownBy(() -> root(b)).as("vtable length %d", bad)
                    .isInstanceOfSatisfying(VortexException.class, e -> {
                        assertThat(e.problem()).isEqualTo("invalid vtable length " + bad);
                        assertThat(e.byteOffset()).isEqualTo(BASE + 4);
                    });
        }
        b.putShort(4, (short) 4); // no fields
        assertThat(root(b).has(0)).isFalse();
        // the vtable may end at the blob's last byte but not after it
        int size = b.capacity();
        b.putShort(4, (short) (size - 4));
        assertThat(root(b).has(0)).isTrue();
        b.putShort(4, (short) (size - 2));
        assertThatThrownBy(() -> root(b)).isInstanceOf(VortexException.class)
                .hasMessageContaining("invalid vtable length " + (size - 2));
        assertThat(pos).isEqualTo(12);
    }

    @Test
    void fieldsBeyondTheVtableReadAsAbsentWithTheirDefaults() {
        ByteBuffer b = table(new int[] {4, 0}, 4, 0);
        b.putInt(tablePos(2) + 4, 0xFFFF_FFF7);
        FbTable t = root(b);
        assertThat(t.has(0)).isTrue();
        assertThat(t.has(1)).isFalse(); // listed with offset 0
        assertThat(t.has(2)).isFalse(); // past the vtable
        assertThat(t.u8(1, 42)).isEqualTo(42);
        assertThat(t.i8(2, -42)).isEqualTo(-42);
        assertThat(t.bool(2, true)).isTrue();
        assertThat(t.bool(1, false)).isFalse();
        assertThat(t.u16(2, 7)).isEqualTo(7);
        assertThat(t.u32(2, 9)).isEqualTo(9);
        assertThat(t.u64(2, -3)).isEqualTo(-3);
        assertThat(t.table(2)).isNull();
        assertThat(t.string(2)).isNull();
        assertThat(t.vectorLength(2)).isZero();
        assertThat(t.bytes(2).byteSize()).isZero();
        assertThat(t.structVector(2, 16).byteSize()).isZero();
        assertThatThrownBy(() -> t.u32At(2, 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("vector field 2 is absent");
    }

    @Test
    void scalarsReadUnsignedOrSignedAsDeclared() {
        ByteBuffer b = table(new int[] {4, 4, 4, 4, 4, 4}, 8, 0);
        int pos = tablePos(6);
        b.putLong(pos + 4, 0x8000_0000_FFFF_FFFEL);
        FbTable t = root(b);
        assertThat(t.u8(0, 0)).isEqualTo(0xFE);
        assertThat(t.i8(1, 0)).isEqualTo(-2);
        assertThat(t.bool(2, false)).isTrue();
        assertThat(t.u16(3, 0)).isEqualTo(0xFFFE);
        assertThat(t.u32(4, 0)).isEqualTo(0xFFFF_FFFEL);
        assertThat(t.u64(5, 0)).isEqualTo(0x8000_0000_FFFF_FFFEL);
        b.put(pos + 4, (byte) 0);
        assertThat(root(b).bool(2, true)).isFalse();
        b.put(pos + 4, (byte) 2);
        assertThat(root(b).bool(2, false)).as("any non-zero byte is true").isTrue();
    }

    @Test
    void aScalarMustEndInsideTheBlob() {
        // field 0 at the table's last 8 bytes: an u64 fits exactly; one byte further does not
        ByteBuffer b = table(new int[] {4}, 8, 0);
        int pos = tablePos(1);
        b.putLong(pos + 4, 77);
        assertThat(root(b).u64(0, 0)).isEqualTo(77);
        b.putShort(8, (short) 5);
        assertThatThrownBy(() -> root(b).u64(0, 0)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.problem()).isEqualTo("field 0 (8 bytes) runs past the end of the flatbuffer");
            assertThat(e.byteOffset()).isEqualTo(BASE + pos + 5);
        });
        assertThat(root(b).u32(0, 0)).isZero(); // 4 bytes from pos + 5 still fit
        b.putShort(8, (short) 11); // the last byte
        assertThat(root(b).u8(0, 0)).isZero();
        assertThatThrownBy(() -> root(b).u16(0, 0)).isInstanceOf(VortexException.class)
                .hasMessageContaining("field 0 (2 bytes) runs past");
        b.putShort(8, (short) 12); // one past the end
        for (var read : new Runnable[] {() -> root(b).u8(0, 0), () -> root(b).i8(0, 0), () -> root(b).bool(0, false)}) {
            assertThatThrownBy(read::run).isInstanceOf(VortexException.class)
                    .hasMessageContaining("field 0 (1 bytes) runs past");
        }
    }

    /** A table whose field 0 is an offset to {@code target} (relative to the field), with room after. */
    private static ByteBuffer withReference(int rel, int extra) {
        ByteBuffer b = table(new int[] {4}, 4, extra);
        b.putInt(tablePos(1) + 4, rel);
        return b;
    }

    @Test
    void referencesMustLeaveFourBytesAtTheirTarget() {
        // table at 12, field at 16, blob of 28 bytes: 24..28 is the last place a vector length fits
        ByteBuffer b = withReference(4, 8);
        assertThat(root(b).vectorLength(0)).isZero();
        b.putInt(16, 8); // target 24
        assertThat(root(b).vectorLength(0)).isZero();
        b.putInt(16, 9); // target 25: its 4 bytes would end at 29
        assertThatThrownBy(() -> root(b).vectorLength(0)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.problem()).isEqualTo("field 0 points to offset 25 outside the flatbuffer");
            assertThat(e.byteOffset()).isEqualTo(BASE + 16);
        });
        assertThatThrownBy(() -> root(b).table(0)).isInstanceOf(VortexException.class)
                .hasMessageContaining("points to offset 25 outside");
        b.putInt(16, -1); // read unsigned: far outside
        assertThatThrownBy(() -> root(b).string(0)).isInstanceOf(VortexException.class)
                .hasMessageContaining("points to offset " + (16 + 0xFFFF_FFFFL) + " outside");
    }

    @Test
    void vectorLengthsMustFitTheBytesAfterThem() {
        // vector at 20 (length), 4 bytes of elements 24..28
        ByteBuffer b = withReference(4, 8);
        b.putInt(20, 4);
        b.putInt(24, 0x0403_0201);
        FbTable t = root(b);
        assertThat(t.vectorLength(0)).isEqualTo(4);
        assertThat(t.bytes(0).toArray(ValueLayout.JAVA_BYTE)).containsExactly(1, 2, 3, 4);
        assertThat(t.i8At(0, 3)).isEqualTo((byte) 4);
        assertThat(t.structVector(0, 1).byteSize()).isEqualTo(4);
        assertThatThrownBy(() -> t.structVector(0, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("vector of 4 2-byte structs runs past the flatbuffer");
        b.putInt(20, 5);
        assertThatThrownBy(() -> root(b).vectorLength(0)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.problem()).isEqualTo("vector of 5 elements does not fit in the flatbuffer");
            assertThat(e.byteOffset()).isEqualTo(BASE + 20);
        });
        b.putInt(20, -1);
        assertThatThrownBy(() -> root(b).bytes(0)).isInstanceOf(VortexException.class)
                .hasMessageContaining("vector of 4294967295 elements");
    }

    @Test
    void structVectorsMustFitWhole() {
        ByteBuffer b = withReference(4, 12);
        b.putInt(20, 2); // two 4-byte structs fill 24..32
        assertThat(root(b).structVector(0, 4).byteSize()).isEqualTo(8);
        assertThatThrownBy(() -> root(b).structVector(0, 5)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.problem()).isEqualTo("vector of 2 5-byte structs runs past the flatbuffer");
            assertThat(e.byteOffset()).isEqualTo(BASE + 24);
        });
    }

    @Test
    void elementsAreCheckedAgainstTheVectorAndTheBlob() {
        ByteBuffer b = withReference(4, 12);
        b.putInt(20, 2);
        b.putInt(24, 0xFFFF_0001);
        b.putInt(28, 0x8000_0002);
        FbTable t = root(b);
        assertThat(t.u32At(0, 0)).isEqualTo(0xFFFF_0001L);
        assertThat(t.u32At(0, 1)).isEqualTo(0x8000_0002L);
        assertThat(t.u16At(0, 1)).isEqualTo(0xFFFF);
        assertThatThrownBy(() -> t.u32At(0, 2)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("index 2 of vector with 2 elements");
        assertThatThrownBy(() -> t.u32At(0, -1)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("index -1 of vector with 2 elements");
        // a length larger than the blob: element 2 would start at 32, the blob's end
        b.putInt(20, 3);
        assertThatThrownBy(() -> root(b).u32At(0, 2)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.problem()).isEqualTo("vector element 2 runs past the end of the flatbuffer");
            assertThat(e.byteOffset()).isEqualTo(BASE + 32);
        });
        assertThat(root(b).i8At(0, 2)).isEqualTo((byte) 0xFF); // byte elements: 2 is still inside
    }

    @Test
    void stringsAreCheckedUtf8WithinTheBlob() {
        ByteBuffer b = withReference(4, 12);
        b.putInt(20, 3);
        b.put(24, (byte) 'a').put(25, (byte) 0xC3).put(26, (byte) 0xA9);
        assertThat(root(b).string(0)).isEqualTo("aé");
        b.putInt(20, 8); // 24..32: exactly the rest of the blob
        assertThat(root(b).string(0)).hasSize(7);
        b.putInt(20, 9);
        assertThatThrownBy(() -> root(b).string(0)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.problem()).isEqualTo("string of 9 bytes does not fit in the flatbuffer");
            assertThat(e.byteOffset()).isEqualTo(BASE + 20);
        });
        b.putInt(20, 2); // "a" and half of "é"
        assertThatThrownBy(() -> root(b).string(0)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.problem()).isEqualTo("string is not valid UTF-8");
            assertThat(e.byteOffset()).isEqualTo(BASE + 20);
        });
    }

    @Test
    void vectorsOfStringsAndTablesFollowTheirOffsets() {
        FbBuilder fb = new FbBuilder();
        int s0 = fb.createString("zero");
        int s1 = fb.createString("one");
        int names = fb.createOffsetVector(new int[] {s0, s1});
        fb.startTable(1);
        fb.addShort(0, 0xBEEF, 0);
        int child = fb.endTable();
        int tables = fb.createOffsetVector(new int[] {child, child});
        fb.startTable(2);
        fb.addOffset(0, names);
        fb.addOffset(1, tables);
        byte[] bytes = fb.finish(fb.endTable());
        FbTable t = FbTable.root(MemorySegment.ofArray(bytes), ORIGIN);
        assertThat(t.stringAt(0, 0)).isEqualTo("zero");
        assertThat(t.stringAt(0, 1)).isEqualTo("one");
        assertThat(t.tableAt(1, 1).u16(0, 0)).isEqualTo(0xBEEF);
        assertThat(t.tableAt(1, 0).absoluteOffset()).isEqualTo(t.tableAt(1, 1).absoluteOffset());

        // a string element whose offset points past the blob
        ByteBuffer b = withReference(4, 8);
        b.putInt(20, 1);
        b.putInt(24, 4); // element at 24 + 4 = 28, the blob's end
        assertThatThrownBy(() -> root(b).stringAt(0, 0)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.problem()).isEqualTo("string offset outside the flatbuffer");
            assertThat(e.byteOffset()).isEqualTo(BASE + 28);
        });
        b.putInt(24, 1); // element at 25: its length would end at 29
        assertThatThrownBy(() -> root(b).stringAt(0, 0)).isInstanceOf(VortexException.class)
                .hasMessageContaining("string offset outside");
        b.putInt(24, 0); // element at 24: a string of 0 bytes
        assertThat(root(b).stringAt(0, 0)).isEmpty();
    }
}
