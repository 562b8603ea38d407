/**
 * `npm run seed`: adds about thirty demo enquiries (both forms, the last ten weeks, every
 * delivery state, some followed up) to the local emulator's demo project, for the sales inbox
 * and its chart. Run it while `npm start` is running. It refuses any project but a demo one.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { PORTS, PROJECT_ID } from './lib/project.ts';
import { demoEnquiries } from './lib/demo-enquiries.ts';

process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${PORTS.firestore}`;
const app = initializeApp({ projectId: PROJECT_ID }, 'seed');
const stamp = (date: Date | null) => (date ? Timestamp.fromDate(date) : null);
try {
  const db = getFirestore(app);
  const enquiries = demoEnquiries(new Date());
  const batch = db.batch();
  for (const enquiry of enquiries) {
    const { notification: record, followUp } = enquiry;
    batch.set(db.collection(enquiry.collection).doc(enquiry.id), {
      ...enquiry.fields,
      createdAt: Timestamp.fromDate(enquiry.createdAt),
      notification: {
        ...record,
        sentAt: stamp(record.sentAt),
        messageId: record.sentAt ? `<enquiry.${enquiry.collection}.${enquiry.id}@demo>` : null,
        nextAttemptAt: null,
        leaseExpiresAt: null,
        claimedBy: null,
        updatedAt: Timestamp.fromDate(enquiry.createdAt),
        ...(record.state === 'HELD' ? { heldAt: Timestamp.fromDate(enquiry.createdAt) } : {}),
      },
      ...(followUp
        ? {
            followUp: {
              status: followUp.status,
              note: followUp.note,
              updatedBy: 'demo-sales',
              updatedByEmail: 'sales@example.com',
              updatedAt: Timestamp.fromDate(followUp.at),
            },
          }
        : {}),
    });
  }
  await batch.commit();
  const states = enquiries.reduce<Record<string, number>>((counts, { notification }) => {
    counts[notification.state] = (counts[notification.state] ?? 0) + 1;
    return counts;
  }, {});
  console.log(
    `✔ ${enquiries.length} demo enquiries added to ${PROJECT_ID} at ${process.env.FIRESTORE_EMULATOR_HOST}:`,
    states,
  );
} catch (error) {
  console.error(
    `✖ seeding failed (is npm start running?): ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
