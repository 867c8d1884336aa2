package io.jvortex.internal.write;

import io.jvortex.internal.file.SegmentSpec;
import io.jvortex.internal.flatbuffers.FbBuilder;
import java.util.List;

/**
 * The file's tail: the {@code Footer} flatbuffer (array ids, layout ids, segment specs), the
 * {@code Postscript} flatbuffer locating the dtype, layout and footer blobs, and the 8-byte trailer
 * ({@code u16 version = 1}, {@code u16 postscript length}, {@code "VTXF"}).
 */
public final class FooterWriter {
    /** The file magic, also the last four bytes. */
    public static final byte[] MAGIC = {'V', 'T', 'X', 'F'};
    /** The only file version. */
    public static final int VERSION = 1;
    /** Largest postscript the trailer can describe. */
    public static final int MAX_POSTSCRIPT_SIZE = 0xFFFF - 8;
    /** Alignment exponent recorded for every footer blob (8 bytes, as the reference records it). */
    static final int BLOB_ALIGNMENT_EXPONENT = 3;

    private FooterWriter() {
    }

    /**
     * @param arrayIds the array-encoding ids, in index order
     * @param layoutIds the layout ids, in index order
     * @param segments the segment specs, sorted by offset (index = segment id)
     * @return the {@code Footer} blob
     */
    public static byte[] footer(List<String> arrayIds, List<String> layoutIds, List<SegmentSpec> segments) {
        FbBuilder fb = new FbBuilder();
        int arraySpecs = specs(fb, arrayIds);
        int layoutSpecs = specs(fb, layoutIds);
        byte[] packed = new byte[16 * segments.size()];
        for (int i = 0; i < segments.size(); i++) {
            SegmentSpec s = segments.get(i);
            if (i > 0 && s.byteOffset() < segments.get(i - 1).byteOffset()) {
                throw new IllegalArgumentException("segment " + i + " precedes segment " + (i - 1));
            }
            int at = 16 * i;
            for (int k = 0; k < 8; k++) {
                packed[at + k] = (byte) (s.byteOffset() >>> (8 * k));
            }
            for (int k = 0; k < 4; k++) {
                packed[at + 8 + k] = (byte) (s.lengthBytes() >>> (8 * k));
            }
            packed[at + 12] = (byte) s.alignmentExponent();
            // bytes 13..15: reserved compression and encryption, zero
        }
        int segmentSpecs = fb.createStructVector(packed, 16, 8);
        fb.startTable(3);
        fb.addOffset(0, arraySpecs);
        fb.addOffset(1, layoutSpecs);
        fb.addOffset(2, segmentSpecs);
        return fb.finish(fb.endTable());
    }

    private static int specs(FbBuilder fb, List<String> ids) {
        int[] tables = new int[ids.size()];
        for (int i = 0; i < tables.length; i++) {
            int id = fb.createString(ids.get(i));
            fb.startTable(1);
            fb.addOffset(0, id);
            tables[i] = fb.endTable();
        }
        return fb.createOffsetVector(tables);
    }

    /**
     * A blob's place in the file.
     *
     * @param byteOffset absolute offset
     * @param lengthBytes length
     */
    public record Blob(long byteOffset, long lengthBytes) {
    }

    /**
     * @param dtype the dtype blob, or {@code null} when the schema is not stored
     * @param layout the layout blob
     * @param statistics the statistics blob, or {@code null} when omitted
     * @param footer the footer blob
     * @return the {@code Postscript} blob
     */
    public static byte[] postscript(Blob dtype, Blob layout, Blob statistics, Blob footer) {
        FbBuilder fb = new FbBuilder();
        int d = dtype == null ? 0 : segment(fb, dtype);
        int l = segment(fb, layout);
        int s = statistics == null ? 0 : segment(fb, statistics);
        int f = segment(fb, footer);
        fb.startTable(4);
        if (d != 0) {
            fb.addOffset(0, d);
        }
        fb.addOffset(1, l);
        if (s != 0) {
            fb.addOffset(2, s);
        }
        fb.addOffset(3, f);
        byte[] ps = fb.finish(fb.endTable());
        if (ps.length > MAX_POSTSCRIPT_SIZE) {
            throw new IllegalStateException("postscript of " + ps.length + " bytes");
        }
        return ps;
    }

    private static int segment(FbBuilder fb, Blob blob) {
        if (blob.lengthBytes() > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("footer blob of " + blob.lengthBytes() + " bytes");
        }
        fb.startTable(3);
        fb.addLong(0, blob.byteOffset(), 0);
        fb.addInt(1, blob.lengthBytes(), 0);
        fb.addByte(2, BLOB_ALIGNMENT_EXPONENT, 0);
        return fb.endTable();
    }

    /**
     * @param postscriptLength the postscript's length
     * @return the 8-byte trailer
     */
    public static byte[] trailer(int postscriptLength) {
        return new byte[] {(byte) VERSION, (byte) (VERSION >>> 8), (byte) postscriptLength,
                (byte) (postscriptLength >>> 8), MAGIC[0], MAGIC[1], MAGIC[2], MAGIC[3]};
    }
}
