import { legalAddress, legalEntity } from '@pria/contracts/legal/entity';
import type { LegalTextData } from './legal-text-data.ts';

/**
 * The privacy policy in US Spanish (usted, docs/glossary-es.md), section for section with
 * privacy-sections.tsx (a test holds the ids and their order). A translation: the English text
 * governs, and its version is the one a consent names. Its own chunk: only Spanish readers download it.
 */
export const privacyTextEs: LegalTextData = {
  title: 'Política de Privacidad',
  governingNotice:
    'Esta traducción al español se ofrece para su comodidad. La versión en inglés de esta Política es la que rige: si la versión en español y la versión en inglés difieren, prevalecerá la versión en inglés.',
  intro: [
    'Pria, Inc. ("Pria", "nosotros") ayuda a las personas en los Estados Unidos a construir su crédito con las tarjetas de crédito Visa y Mastercard que ya tienen: cada mes hace un cargo de $3 a cada tarjeta registrada y luego se lo abona. Esta política explica qué información recopilamos cuando usted usa nuestro sitio web y nuestros servicios (los "Servicios"), cómo la usamos y qué opciones tiene usted.',
    'Para usar los Servicios, usted debe tener al menos 18 años, y los Servicios están destinados únicamente a un público de los Estados Unidos. Al usar los Servicios, usted acepta esta política.',
  ],
  sections: [
    {
      id: 'information-we-collect',
      title: '¿Qué información recopilamos?',
      body: [
        'Recopilamos la información personal que usted nos da cuando crea una cuenta, registra una tarjeta, se suscribe a un plan o se comunica con nosotros: su nombre, correo electrónico, número de teléfono, dirección postal y de facturación, y la marca, los últimos cuatro dígitos y la fecha de vencimiento de cada tarjeta que registre.',
        'También recopilamos automáticamente información técnica limitada, como su dirección IP, el tipo de navegador, el tipo de dispositivo y las páginas que visita, para mantener los Servicios seguros y en funcionamiento.',
      ],
    },
    {
      id: 'card-data',
      title: '¿Cómo tratamos los datos de su tarjeta?',
      body: [
        'El número completo y el código de seguridad de su tarjeta se cifran en su navegador y se envían directamente a nuestro procesador de pagos, que nos devuelve un token. Pria guarda solo ese token junto con la marca, los últimos cuatro dígitos, la fecha de vencimiento y la dirección de facturación. Nunca guardamos, registramos ni vemos el número completo ni el código de seguridad de su tarjeta.',
      ],
    },
    {
      id: 'how-we-use-information',
      title: '¿Cómo usamos su información?',
      body: [
        'Usamos su información para:',
        {
          list: [
            'crear y administrar su cuenta y verificar su identidad;',
            'hacer el cargo mensual de $3 a cada tarjeta registrada y abonárselo el mes siguiente;',
            'facturar su suscripción y enviarle recibos y avisos del servicio;',
            'responder a sus preguntas y solicitudes de ayuda;',
            'detectar, prevenir e investigar el fraude y el abuso, y cumplir nuestras obligaciones legales.',
          ],
        },
      ],
    },
    {
      id: 'sharing',
      title: '¿Compartiremos su información con alguien?',
      body: [
        'Compartimos información solo con proveedores de servicios que nos ayudan a operar los Servicios (como nuestro procesador de pagos y nuestros proveedores de alojamiento y de correo electrónico), en virtud de contratos que limitan cómo pueden usarla; con el emisor de su tarjeta, a través de las redes de tarjetas, cuando hacemos cargos y abonos a su tarjeta; cuando la ley lo exige; o en relación con una fusión o la venta de nuestra empresa. No vendemos su información personal.',
      ],
    },
    {
      id: 'credit-reporting',
      title: '¿Cómo funciona el informe de crédito?',
      body: [
        'Pria no informa directamente a las agencias de informes de crédito. El cargo mensual y su abono aparecen en el estado de cuenta de su tarjeta, y el emisor de su tarjeta informa la actividad de su cuenta a las agencias de informes de crédito como lo hace normalmente. No podemos eliminar información negativa de su historial de crédito.',
      ],
    },
    {
      id: 'cookies',
      title: '¿Usamos cookies y otras tecnologías de seguimiento?',
      body: [
        'Solo usamos las cookies y el almacenamiento del navegador necesarios para que usted inicie sesión, para mantener segura su sesión y para recordar sus preferencias. No usamos cookies publicitarias de terceros ni insertamos rastreadores de terceros en nuestras páginas.',
      ],
    },
    {
      id: 'social-logins',
      title: '¿Cómo tratamos el inicio de sesión con redes sociales?',
      body: [
        'Si usted elige iniciar sesión con una cuenta de una red social, recibimos la información básica del perfil que ese proveedor comparte con nosotros, como su nombre y su correo electrónico. La usamos solo para crear su cuenta y para que usted inicie sesión en ella.',
      ],
    },
    {
      id: 'retention',
      title: '¿Por cuánto tiempo conservamos su información?',
      body: [
        'Conservamos su información mientras su cuenta esté abierta y, después, solo durante el tiempo necesario para cumplir obligaciones legales, tributarias, contables y de prevención del fraude. Los registros de cargos y pagos se conservan durante el período que exigen las normas financieras.',
      ],
    },
    {
      id: 'security',
      title: '¿Cómo protegemos su información?',
      body: [
        'Protegemos su información con cifrado de 256 bits de nivel bancario, tanto en tránsito como en reposo, la tokenización de los datos de las tarjetas, la verificación en dos pasos para su cuenta y controles de acceso estrictos para nuestro personal. Ningún sistema es totalmente seguro; por eso, le pedimos que mantenga su contraseña en privado y que nos avise de inmediato si sospecha un acceso no autorizado.',
      ],
    },
    {
      id: 'minors',
      title: '¿Recopilamos información de menores de edad?',
      body: [
        'Los Servicios están destinados únicamente a usuarios que tengan al menos 18 años. No recopilamos a sabiendas información de ninguna persona menor de 18 años. Si nos enteramos de que lo hemos hecho, cerraremos la cuenta y eliminaremos la información.',
      ],
    },
    {
      id: 'us-only',
      title: '¿A quién está dirigida esta política?',
      body: [
        'Los Servicios se ofrecen únicamente a residentes de los Estados Unidos, y esta política está redactada para un público de los Estados Unidos. Su información se guarda y se procesa en los Estados Unidos.',
      ],
    },
    {
      id: 'your-rights',
      title: '¿Cuáles son sus derechos de privacidad?',
      body: [
        'Usted puede revisar y actualizar su perfil en cualquier momento desde la configuración de la cuenta, pedirnos una copia de su información, pedirnos que la corrijamos o eliminar su cuenta. Puede dejar de recibir correos electrónicos de marketing con el enlace que aparece en cada correo; aun así, le seguiremos enviando mensajes del servicio sobre su cuenta.',
      ],
    },
    {
      id: 'california',
      title: '¿Tienen los residentes de California derechos de privacidad específicos?',
      body: [
        'Si usted vive en California, tiene derecho a saber qué información personal recopilamos, usamos y divulgamos, a pedirnos que la eliminemos, a que la corrijamos y a no ser discriminado por ejercer estos derechos. No vendemos ni compartimos información personal para publicidad conductual entre contextos (cross-context behavioral advertising).',
      ],
    },
    {
      id: 'updates',
      title: '¿Actualizamos esta política?',
      body: [
        'Es posible que actualicemos esta política de vez en cuando. La versión actualizada se indicará con la fecha de "Última actualización" que aparece al principio de esta página y, si los cambios son importantes, se lo informaremos por correo electrónico o en la aplicación antes de que entren en vigor.',
      ],
    },
    {
      id: 'contact',
      title: '¿Cómo puede comunicarse con nosotros acerca de esta política?',
      body: [
        `Si tiene preguntas o comentarios sobre esta política, escríbanos a ${legalEntity.supportEmail} o por correo postal a ${legalEntity.name}, ${legalAddress}, Estados Unidos.`,
      ],
    },
  ],
};
