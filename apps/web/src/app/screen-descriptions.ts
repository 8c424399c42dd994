import { PATHS } from '@konek/contract/routes';

// What each screen is for, in one sentence, keyed by its ROUTES path. The generic screen shows it under
// the route's title until the screen's own feature replaces it.

export const SCREEN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  [PATHS.home]:
    /*i18n*/ 'Check whether prepaid fibre reaches your address and see the offer for your area.',
  [PATHS.healthy]: /*i18n*/ 'See whether the Konek service and its database are running.',
  [PATHS.checkAddress]:
    /*i18n*/ 'Check whether prepaid fibre reaches your address and see the offer for your area.',
  [PATHS.trackmyorder]:
    /*i18n*/ 'Follow your order from confirmation to installation, and see when your technician is on the way.',
  [PATHS.privacy]:
    /*i18n*/ 'How Konek collects, uses and keeps your personal data, and your rights.',
  [PATHS.termsOfUse]: /*i18n*/ 'The rules for using the Konek site.',
  [PATHS.cookies]: /*i18n*/ 'The cookies the Konek site sets and how long they are kept.',
  [PATHS.about]: /*i18n*/ 'What Konek is and how ordering prepaid fibre works.',
  [PATHS.help]: /*i18n*/ 'Answers to common questions, and a way to contact us.',

  [PATHS.addresserror]:
    /*i18n*/ 'Your address could not be saved to your account. Go back to your details and try again.',
  [PATHS.checkotp]: /*i18n*/ 'Confirm your mobile number with the one-time code we text you.',
  [PATHS.entermobile]:
    /*i18n*/ 'Enter the mobile number you will use to sign in and to get updates about your order.',
  [PATHS.enterotp]:
    /*i18n*/ 'Type the one-time code we sent by SMS to confirm that the number is yours.',
  [PATHS.failed]:
    /*i18n*/ 'Your payment did not go through. You can try again or choose another e-wallet.',
  [PATHS.filloutdetail]: /*i18n*/ 'Tell us who you are and who will be home for the installation.',
  [PATHS.forgotPin]: /*i18n*/ 'Reset your 6-digit PIN with a code sent to your mobile number.',
  [PATHS.loading]:
    /*i18n*/ 'We are checking whether fibre is available at the location you pinned.',
  [PATHS.locationerror]:
    /*i18n*/ 'We could not reserve a fibre connection at your location. Please check your address and try again.',
  [PATHS.noavailableslots]:
    /*i18n*/ 'There are no installation slots open in your area right now. Please check again soon.',
  [PATHS.nominateyourpin]: /*i18n*/ 'Choose the 6-digit PIN you will use to sign in.',
  [PATHS.notifyme]:
    /*i18n*/ 'Fibre has not reached your address yet. Leave your details and we will tell you when it does.',
  [PATHS.ordercancelled]:
    /*i18n*/ 'Your order has been cancelled. You can start a new order whenever you are ready.',
  [PATHS.pay]:
    /*i18n*/ 'Review your plan and installation schedule, then pay with GCash, GrabPay, Maya or ShopeePay.',
  [PATHS.payloading]:
    /*i18n*/ 'We are confirming your payment with your e-wallet. This usually takes a few seconds.',
  [PATHS.pinchanged]: /*i18n*/ 'Your PIN has been changed. Sign in with your new PIN to continue.',
  [PATHS.prepaid]:
    /*i18n*/ 'Compare the prepaid fibre plans available at your address and pick the one that fits your home.',
  [PATHS.schedule]: /*i18n*/ 'Please select an installation date and time below.',
  [PATHS.scheduleerror]:
    /*i18n*/ 'We could not load installation dates for your area. Please try again in a moment.',
  [PATHS.servererror]:
    /*i18n*/ 'Something went wrong on our side while processing your request. Please try again.',
  [PATHS.signin]:
    /*i18n*/ 'Sign in with your mobile number and 6-digit PIN to continue your order.',
  [PATHS.signup]:
    /*i18n*/ 'Create an account with your mobile number to save your address and your order.',
  [PATHS.specialOffer]: /*i18n*/ 'See the special offer available for homes in your city.',
  [PATHS.specialOfferOrderconfirmed]:
    /*i18n*/ 'Your special offer order is confirmed. We will text you before your installation.',
  [PATHS.termsAndconditions]:
    /*i18n*/ 'The terms that apply to prepaid home fibre service, its installation and payment.',
  [PATHS.thanks]:
    /*i18n*/ 'Thank you for your order. We will text you updates about your installation.',
  [PATHS.timeout]:
    /*i18n*/ 'Your request took too long to complete. Please check your connection and try again.',

  [PATHS.partnerDecryptionerror]:
    /*i18n*/ 'The partner link you opened is not valid or has expired. Ask your agent for a new link.',
  [PATHS.partnerEntermobile]:
    /*i18n*/ 'Enter your mobile number to continue the order your partner agent started for you.',
  [PATHS.partnerEnterotp]:
    /*i18n*/ 'Type the one-time code we sent to your mobile number to continue your partner order.',
  [PATHS.partnerNominateyourpin]:
    /*i18n*/ 'Choose a 6-digit PIN to secure the account for your partner order.',
  [PATHS.partnerRedirect]: /*i18n*/ 'We are opening the order your partner agent prepared for you.',
  [PATHS.partnerSignin]:
    /*i18n*/ 'Sign in with your mobile number and PIN to continue your partner order.',
  [PATHS.partnerUtils]:
    /*i18n*/ 'Build a partner link that takes a customer straight to the order prepared for them.',

  [PATHS.trackmyorderEnterotp]:
    /*i18n*/ 'Type the one-time code we sent to your mobile number to see your order.',
  [PATHS.trackmyorderForgetpin]:
    /*i18n*/ 'Reset your PIN with a code sent to your mobile number, then track your order.',
  [PATHS.trackmyorderNominateyourpin]:
    /*i18n*/ 'Choose a new 6-digit PIN to keep tracking your order.',
  [PATHS.trackmyorderOrderstatus]:
    /*i18n*/ 'See where your order is: confirmed, awaiting installation, or installed.',
  [PATHS.trackmyorderPinchanged]:
    /*i18n*/ 'Your PIN has been changed. Sign in again to see your order.',
  [PATHS.trackmyorderStillthere]:
    /*i18n*/ 'You have been away for a while. Continue to keep tracking your order.',
  [PATHS.trackmyorderTrackmytechnician]:
    "See your technician's location on the map as they head to your home.",
  [PATHS.trackmyorderViewmyorder]:
    /*i18n*/ 'See your plan, installation address and schedule in one place.',
};
