package io.jvortex.internal.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.TestSupport;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link ProtoWriter}: golden bytes from the format notes (§7.3, §6.3) and round trips through {@link ProtoReader}. */
class ProtoWriterTest {
    private static String hex(ProtoWriter w) {
        return HexFormat.ofDelimiter(" ").formatHex(w.toByteArray());
    }

    @Test
    void goldenBytes() {
        assertThat(hex(new ProtoWriter().varintAlways(1, 0))).isEqualTo("08 00"); // null_value
        assertThat(hex(new ProtoWriter().varintAlways(2, 1))).isEqualTo("10 01"); // bool_value true
        assertThat(hex(new ProtoWriter().sint64Always(3, 1))).isEqualTo("18 02");
        assertThat(hex(new ProtoWriter().sint64Always(3, -1))).isEqualTo("18 01");
        assertThat(hex(new ProtoWriter().sint64Always(3, 7))).isEqualTo("18 0e");
        assertThat(hex(new ProtoWriter().varintAlways(4, 6))).isEqualTo("20 06");
        assertThat(hex(new ProtoWriter().fixed32Always(5, Float.floatToRawIntBits(0f)))).isEqualTo("2d 00 00 00 00");
        assertThat(hex(new ProtoWriter().fixed64Always(6, Double.doubleToRawLongBits(0.5))))
                .isEqualTo("31 00 00 00 00 00 00 e0 3f");
        assertThat(hex(new ProtoWriter().bytesAlways(7, "s0".getBytes(StandardCharsets.UTF_8)))).isEqualTo("3a 02 73 30");
        assertThat(hex(new ProtoWriter().bytesAlways(8, new byte[] {0, 1, 2}))).isEqualTo("42 03 00 01 02");
        // ListMetadata{elements_len 6666, offset_ptype U16} (verified 0.91)
        assertThat(hex(new ProtoWriter().varint(1, 6666).varint(2, 1))).isEqualTo("08 8a 34 10 01");
        // SequenceMetadata{base: {int64 1}, multiplier: {int64 1}}
        ProtoWriter one = new ProtoWriter().sint64Always(3, 1);
        assertThat(hex(new ProtoWriter().message(1, one).message(2, one))).isEqualTo("0a 02 18 02 12 02 18 02");
    }

    @Test
    void proto3DefaultsAreOmittedUnlessAlwaysOrOptional() {
        ProtoWriter w = new ProtoWriter().varint(1, 0).bool(2, false).sint64(3, 0).bytes(4, new byte[0])
                .packedVarints(5, new long[0]).message(6, null);
        assertThat(w.size()).isZero();
        assertThat(hex(new ProtoWriter().message(3, new ProtoWriter()))).isEqualTo("1a 00");
        assertThat(hex(new ProtoWriter().bytesAlways(1, new byte[0]))).isEqualTo("0a 00");
        assertThat(hex(new ProtoWriter().varint(1, -1))).isEqualTo("08 ff ff ff ff ff ff ff ff ff 01");
        assertThat(hex(new ProtoWriter().packedVarints(3, new long[] {1, 300, 0}))).isEqualTo("1a 04 01 ac 02 00");
        assertThat(ProtoWriter.zigzag(Long.MIN_VALUE)).isEqualTo(-1L);
        assertThat(ProtoWriter.zigzag(Long.MAX_VALUE)).isEqualTo(-2L);
    }

    private record Field(int number, int kind, long value, byte[] bytes, long[] packed) {
    }

    @Test
    void randomMessagesRoundTrip() {
        SplittableRandom r = TestSupport.random("ProtoWriterTest.randomMessagesRoundTrip");
        for (int m = 0; m < 500; m++) {
            List<Field> fields = new ArrayList<>();
            ProtoWriter w = new ProtoWriter();
            int n = r.nextInt(8);
            for (int i = 0; i < n; i++) {
                int number = 1 + (r.nextInt(3) == 0 ? r.nextInt(1 << 20) : r.nextInt(20));
                long v = switch (r.nextInt(3)) {
                    case 0 -> r.nextLong();
                    case 1 -> r.nextInt(300) - 150;
                    default -> 0;
                };
                int kind = r.nextInt(6);
                byte[] b = new byte[r.nextInt(200)];
                r.nextBytes(b);
                long[] packed = r.longs(r.nextInt(5)).toArray();
                switch (kind) {
                    case 0 -> w.varintAlways(number, v);
                    case 1 -> w.sint64Always(number, v);
                    case 2 -> w.fixed32Always(number, (int) v);
                    case 3 -> w.fixed64Always(number, v);
                    case 4 -> w.bytesAlways(number, b);
                    default -> {
                        if (packed.length == 0) {
                            packed = new long[] {v};
                        }
                        w.packedVarints(number, packed);
                    }
                }
                fields.add(new Field(number, kind, v, b, packed));
            }
            ProtoReader reader = new ProtoReader(w.toByteArray(), "random");
            for (Field f : fields) {
                assertThat(reader.next()).isTrue();
                assertThat(reader.field()).isEqualTo(f.number());
                switch (f.kind()) {
                    case 0 -> assertThat(reader.varint()).isEqualTo(f.value());
                    case 1 -> assertThat(reader.sint64()).isEqualTo(f.value());
                    case 2 -> assertThat(reader.fixed32()).isEqualTo((int) f.value());
                    case 3 -> assertThat(reader.fixed64()).isEqualTo(f.value());
                    case 4 -> assertThat(reader.byteArray()).isEqualTo(f.bytes());
                    default -> {
                        List<Long> got = new ArrayList<>();
                        reader.packedVarints(got::add);
                        assertThat(got).containsExactlyElementsOf(java.util.Arrays.stream(f.packed()).boxed().toList());
                    }
                }
            }
            assertThat(reader.next()).isFalse();
        }
    }
}
