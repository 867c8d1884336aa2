package io.jvortex.internal.encodings.varbin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.testing.Seeds;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OffsetsTest {
    private static final ArrayNode NODE = TestArrays.serialize(TestArrays.primitive(PType.U8)).root();

    private static PrimitiveArray ints(PType p, long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * p.byteWidth()).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            switch (p.byteWidth()) {
                case 1 -> b.put((byte) v);
                case 2 -> b.putShort((short) v);
                case 4 -> b.putInt((int) v);
                default -> b.putLong(v);
            }
        }
        return new PrimitiveArray(new DType.Primitive(p, false), MemorySegment.ofArray(b.array()), values.length,
                Validity.ALL_VALID);
    }

    @ParameterizedTest
    @ValueSource(strings = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void lengthsBecomeI32Offsets(String ptype) {
        PrimitiveArray lengths = ints(PType.valueOf(ptype), 3, 0, 100, 1);
        long total = Offsets.sumLengths(NODE, lengths, "lengths");
        assertThat(total).isEqualTo(104);
        PrimitiveArray offsets = Offsets.fromLengths(lengths, total, Arena.ofAuto()::allocate);
        assertThat(offsets.ptype()).isEqualTo(PType.I32);
        assertThat(List.of(offsets.getLong(0), offsets.getLong(1), offsets.getLong(2), offsets.getLong(3),
                offsets.getLong(4))).containsExactly(0L, 3L, 3L, 103L, 104L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void manyLengthsBecomeTheirPrefixSums(String ptype) {
        PType p = PType.valueOf(ptype);
        java.util.SplittableRandom rnd = Seeds.random("offsets.manyLengthsBecomeTheirPrefixSums." + ptype);
        for (int round = 0; round < 20; round++) {
            long[] values = new long[rnd.nextInt(20_000)];
            long max = p.byteWidth() == 1 ? 127 : 30_000;
            for (int i = 0; i < values.length; i++) {
                values[i] = rnd.nextLong(max + 1);
            }
            PrimitiveArray lengths = ints(p, values);
            long total = Offsets.sumLengths(NODE, lengths, "lengths");
            PrimitiveArray offsets = Offsets.fromLengths(lengths, total, Arena.ofAuto()::allocate);
            assertThat(offsets.length()).isEqualTo(values.length + 1);
            long acc = 0;
            for (int i = 0; i < values.length; i++) {
                assertThat(offsets.getLong(i)).isEqualTo(acc);
                acc += values[i];
            }
            assertThat(offsets.getLong(values.length)).isEqualTo(total).isEqualTo(acc);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"U32", "U64", "I32", "I64"})
    void totalsPast2GiBBecomeI64Offsets(String ptype) {
        PrimitiveArray lengths = ints(PType.valueOf(ptype), Integer.MAX_VALUE, Integer.MAX_VALUE, 5);
        long total = Offsets.sumLengths(NODE, lengths, "lengths");
        assertThat(total).isEqualTo(2L * Integer.MAX_VALUE + 5);
        PrimitiveArray offsets = Offsets.fromLengths(lengths, total, Arena.ofAuto()::allocate);
        assertThat(offsets.ptype()).isEqualTo(PType.I64);
        assertThat(offsets.getLong(2)).isEqualTo(2L * Integer.MAX_VALUE);
        assertThat(offsets.getLong(3)).isEqualTo(total);
    }

    @Test
    void rejectsNegativeAndOversizedLengths() {
        assertThatThrownBy(() -> Offsets.sumLengths(NODE, ints(PType.I8, 1, -1), "lengths"))
                .isInstanceOf(VortexException.class).hasMessageContaining("lengths[1] = -1, expected 0..2147483647");
        assertThatThrownBy(() -> Offsets.sumLengths(NODE, ints(PType.U32, 0x8000_0000L), "lengths"))
                .isInstanceOf(VortexException.class).hasMessageContaining("lengths[0] = 2147483648");
        assertThatThrownBy(() -> Offsets.sumLengths(NODE, ints(PType.U64, -1L), "lengths"))
                .isInstanceOf(VortexException.class).hasMessageContaining("18446744073709551615");
    }

    @ParameterizedTest
    @ValueSource(strings = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void validatesOffsetsOfEveryWidth(String ptype) {
        PType p = PType.valueOf(ptype);
        Offsets.validate(NODE, ints(p, 2, 2, 5, 9), 9, "offsets");
        assertThatThrownBy(() -> Offsets.validate(NODE, ints(p, 2, 5, 4), 9, "offsets"))
                .isInstanceOf(VortexException.class).hasMessageContaining("decrease at [2]: 5 then 4");
        assertThatThrownBy(() -> Offsets.validate(NODE, ints(p, 0, 10), 9, "offsets"))
                .isInstanceOf(VortexException.class).hasMessageContaining("end at 10, past the 9-byte buffer");
        assertThatThrownBy(() -> Offsets.validate(NODE, ints(p), 9, "offsets"))
                .isInstanceOf(VortexException.class).hasMessageContaining("is empty");
        if (p.isSigned()) {
            assertThatThrownBy(() -> Offsets.validate(NODE, ints(p, -3, 2), 9, "offsets"))
                    .isInstanceOf(VortexException.class).hasMessageContaining("[0] = ");
        } else {
            // The largest unsigned values are not negative: they only fail the buffer bound.
            long max = p == PType.U64 ? Long.MAX_VALUE : (1L << p.bitWidth()) - 1;
            assertThatThrownBy(() -> Offsets.validate(NODE, ints(p, 0, max), 9, "offsets"))
                    .isInstanceOf(VortexException.class).hasMessageContaining("past the 9-byte buffer");
        }
    }
}
