import { createStore } from 'zustand/vanilla';

export type NoticeVariant = 'success' | 'warning' | 'error' | 'info';

/** A button on a notice ('Undo', 'Book at Midtown'); pressing it closes the notice. */
export interface NoticeAction {
  label: string;
  onAction: () => void;
}

export interface Notice {
  id: number;
  variant: NoticeVariant;
  message: string;
  /** How long it shows, in milliseconds; 0 keeps it until closed. A notice with an action stays until closed by default. */
  duration: number;
  action?: NoticeAction;
}

/**
 * A question that must be answered before something is lost ('Replace your booking cart?'): a modal dialog
 * (components/ui/QuestionDialog.tsx) with a button for each answer; closing it any other way keeps things as they are.
 */
export interface Question {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
}

export type Drawer = 'shop' | 'booking';
export type RequestStatus = 'idle' | 'requested' | 'succeeded' | 'failed';

export interface UiState {
  drawers: Record<Drawer, boolean>;
  /** The gender the visitor browses (0 women, 1 men). */
  gender: 0 | 1;
  /** Calls in flight: the progress bar shows while it is above zero. */
  progress: number;
  notices: Notice[];
  locationData: RequestStatus;
  question: Question | null;
  /** A package or bundle the customer pressed Buy on while the shop cart held another: the shop drawer offers it. */
  shopOffer: string | null;
}

export interface UiActions {
  openDrawer: (drawer: Drawer) => void;
  closeDrawer: (drawer: Drawer) => void;
  setGender: (gender: 0 | 1) => void;
  toggleGender: () => void;
  startProgress: () => void;
  endProgress: () => void;
  notify: (notice: Omit<Notice, 'id' | 'duration'> & { duration?: number }) => number;
  dismiss: (id: number) => void;
  /** Asks (replacing a question still open, which keeps things as they are). */
  ask: (question: Question) => void;
  /** The person's answer: the question closes, and a yes runs its action. */
  answer: (confirmed: boolean) => void;
  /** Opens the shop drawer offering `pvId` in place of the cart's item (one item at checkout). */
  offerShopItem: (pvId: string) => void;
  clearShopOffer: () => void;
  locationDataRequested: () => void;
  locationDataSucceeded: () => void;
  locationDataFailed: () => void;
}

export type UiStore = UiState & UiActions;

export const MAX_NOTICES = 3;
export const DEFAULT_NOTICE_MS = 3000;

export function createUiStore(init: Partial<Pick<UiState, 'gender'>> = {}) {
  let nextId = 1;
  return createStore<UiStore>()((set, get) => ({
    drawers: { shop: false, booking: false },
    gender: init.gender ?? 0,
    progress: 0,
    notices: [],
    locationData: 'idle',
    question: null,
    shopOffer: null,
    // One right drawer at a time.
    openDrawer: (drawer) => set({ drawers: { shop: drawer === 'shop', booking: drawer === 'booking' } }),
    closeDrawer: (drawer) => set({ drawers: { ...get().drawers, [drawer]: false }, ...(drawer === 'shop' ? { shopOffer: null } : {}) }),
    setGender: (gender) => set({ gender }),
    toggleGender: () => set({ gender: get().gender === 0 ? 1 : 0 }),
    startProgress: () => set({ progress: get().progress + 1 }),
    endProgress: () => set({ progress: Math.max(0, get().progress - 1) }),
    // A notice with an action waits for the person (WCAG 2.2.1): a button that vanishes after 3 s cannot be reached
    // by everyone in time.
    notify: ({ variant, message, action, duration = action ? 0 : DEFAULT_NOTICE_MS }) => {
      const id = nextId++;
      const notice: Notice = action ? { id, variant, message, duration, action } : { id, variant, message, duration };
      set({ notices: [...get().notices, notice].slice(-MAX_NOTICES) });
      return id;
    },
    dismiss: (id) => set({ notices: get().notices.filter((notice) => notice.id !== id) }),
    ask: (question) => set({ question }),
    answer: (confirmed) => {
      const { question } = get();
      if (!question) return;
      set({ question: null });
      if (confirmed) question.onConfirm();
    },
    offerShopItem: (pvId) => set({ shopOffer: pvId, drawers: { shop: true, booking: false } }),
    clearShopOffer: () => set({ shopOffer: null }),
    locationDataRequested: () => {
      get().startProgress();
      set({ locationData: 'requested' });
    },
    locationDataSucceeded: () => {
      get().endProgress();
      set({ locationData: 'succeeded' });
    },
    locationDataFailed: () => {
      get().endProgress();
      set({ locationData: 'failed' });
    },
  }));
}

export type UiStoreApi = ReturnType<typeof createUiStore>;

/** Progress on before the call, off when it settles, either way. */
export async function withProgress<T>(ui: UiStoreApi, call: () => Promise<T>): Promise<T> {
  ui.getState().startProgress();
  try {
    return await call();
  } finally {
    ui.getState().endProgress();
  }
}
