import { create } from 'zustand';
import type { Attendance } from '@/lib/desk/day-shape';

/**
 * What the desk's day view is doing beside its grid (components/desk/day/): which visit's panel is open, the booking
 * being put together (its blocks drawn on the grid before it is confirmed), and attendance marks sent but not yet
 * answered (drawn at once, rolled back if the server refuses). Not persisted: a reload starts from the grid.
 */
export type DeskSelection =
  | { kind: 'visit'; appointmentId: string }
  /** A new booking: from a free gap (therapist and time set), the 'New booking' button, or 'Walk-in'. */
  | { kind: 'book'; therapistId?: number; time?: string; walkIn?: boolean }
  | null;

/** A block of the booking being made, drawn on the grid in its therapist's column before BOOK. */
export interface DraftBlock {
  therapistId: number;
  startMinute: number;
  endMinute: number;
  label: string;
}

export interface DeskDayState {
  selection: DeskSelection;
  draft: DraftBlock[];
  /** Attendance sent for a visit and not yet confirmed (null: an undo in flight). */
  pending: Record<string, Attendance | null>;
  select: (selection: DeskSelection) => void;
  close: () => void;
  setDraft: (draft: DraftBlock[]) => void;
  markPending: (appointmentId: string, attendance: Attendance | null) => void;
  settle: (appointmentId: string) => void;
}

export const useDeskDay = create<DeskDayState>()((set) => ({
  selection: null,
  draft: [],
  pending: {},
  select: (selection) => set({ selection, draft: [] }),
  close: () => set({ selection: null, draft: [] }),
  setDraft: (draft) => set({ draft }),
  markPending: (appointmentId, attendance) => set((s) => ({ pending: { ...s.pending, [appointmentId]: attendance } })),
  settle: (appointmentId) =>
    set((s) => {
      const { [appointmentId]: _settled, ...pending } = s.pending;
      return { pending };
    }),
}));
