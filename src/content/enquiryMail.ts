import { site } from "./site";
import { localized } from "../i18n/scope";

/** Texts of the e-mails each enquiry becomes (server/enquiries/mail.tsx puts them together). */
export const enquiryMail = localized({
  /** What each form is called in the agency's subject lines and the student's acknowledgement. */
  formName: { enquiry: "Enquiry", consultation: "Consultation request" },
  notification: {
    /** First line of the agency's copy. */
    intro: "A new enquiry came in through the website. Reply to this e-mail to answer the student.",
    received: "Received",
    id: "Enquiry id",
    /** Which language the student wrote in, so the adviser can answer in it. */
    language: "Language",
  },
  acknowledgement: {
    subject: `We have your enquiry: ${site.name}`,
    greeting: "Dear {name},",
    greetingNoName: "Hello,",
    thanks: `Thank you for contacting ${site.name}. Your message has reached our admissions team.`,
    next: `What happens next: an adviser reads your enquiry and replies ${site.replyTime}, by e-mail or on the phone number you gave. There is no charge for our advice.`,
    copy: "This is what you sent us:",
    reach: "If anything is urgent, call or message us:",
    /** `{phone}`: the office's number. */
    phone: "Phone: {phone}",
    /** `{whatsapp}`: the mobile number; `{link}`: the chat's address. */
    whatsapp: "WhatsApp: {whatsapp} ({link})",
    hours: "Office hours (London time):",
    officeHours: site.officeHours.map((o) => `${o.days}: ${o.hours}`),
    signOff: `Best wishes,\nThe admissions team, ${site.name}`,
    notYou: "If you did not send this enquiry, you can ignore this e-mail.",
  },
  /** Every e-mail's footer. */
  layout: {
    whatsappLabel: "WhatsApp",
    londonTime: "London time",
  },
});
